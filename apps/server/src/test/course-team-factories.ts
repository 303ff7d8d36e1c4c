import type { CourseRole } from '@lectern/contracts/courses/course-roles';
import type { users } from '../db/schema/identity.ts';
import {
  addMember,
  createCourse,
  createModule,
  createOrg,
  createUser,
  loginAs,
  type Session,
} from './factories.ts';
import type { TestApp } from './test-app.ts';

type UserValues = Partial<typeof users.$inferInsert>;
type User = Awaited<ReturnType<typeof createUser>>;

/** A user's role in the course, or null for a user of the organisation outside it; optionally with the user's own values. */
export type TeamMember = CourseRole | null | { role: CourseRole | null; user: UserValues };

/** The team most course route tests need: an assistant, two students and a user of the organisation outside the course. */
export const TEACHING_TEAM = {
  assistant: 'instructor_assistant',
  student: 'student',
  student2: 'student',
  outsider: null,
} as const satisfies Record<string, TeamMember>;

/**
 * A new organisation with one course and one module: the course's owner (its instructor) and the named users,
 * created in the order given and before the course, each with a session, plus the owner's session simulating
 * the course as a student (`sessions.simulating`).
 */
export async function createCourseTeam<Name extends string>(
  t: TestApp,
  members: Record<Name, TeamMember>,
  owner: UserValues = {},
) {
  const org = await createOrg(t);
  const ownerUser = await createUser(t, org.id, owner);
  const created: { name: Name; role: CourseRole | null; user: User }[] = [];
  for (const [name, member] of Object.entries(members) as [Name, TeamMember][]) {
    const { role, user } =
      member !== null && typeof member === 'object' ? member : { role: member, user: {} };
    created.push({ name, role, user: await createUser(t, org.id, user) });
  }
  const course = await createCourse(t, org.id, ownerUser.id);
  const module = await createModule(t, course.id);
  for (const member of created) {
    if (member.role !== null) await addMember(t, course.id, member.user.id, [member.role]);
  }
  const teamUsers = { owner: ownerUser } as Record<Name | 'owner', User>;
  const sessions = { owner: await loginAs(t, ownerUser) } as Record<Name | 'owner' | 'simulating', Session>;
  for (const member of created) {
    teamUsers[member.name] = member.user;
    sessions[member.name] = await loginAs(t, member.user);
  }
  sessions.simulating = await loginAs(t, ownerUser, { simulatingCourseId: course.id });
  return { orgId: org.id, courseId: course.id, moduleId: module.id, users: teamUsers, sessions };
}
