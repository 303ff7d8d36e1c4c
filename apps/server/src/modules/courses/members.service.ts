import {
  PHONE_HOST_MEETING_TYPES,
  type AddMembersInput,
  type Enrollment,
  type Member,
  type MemberSelection,
} from '@lectern/contracts/courses/course.schemas';
import { sortRoles, TEACHING_ROLES, type CourseRole } from '@lectern/contracts/courses/course-roles';
import type { AppContext } from '../../platform/app-context.ts';
import { conflict, invalid, notFound } from '../../platform/errors.ts';
import type { Actor } from '../../platform/http/request-context.ts';
import { usersRepository } from '../identity/users.repository.ts';
import { courseAccess, rolesOf } from './course-access.ts';
import { assertCan, can } from './courses.policy.ts';
import { presentMember, selectFields } from './courses.presenter.ts';
import { groupSetsRepository } from './group-sets.repository.ts';
import { membersRepository } from './members.repository.ts';

/** Who is in a course and with which roles. Every list shows contacts only to those who may read them. */
export function membersService(ctx: AppContext) {
  const repo = membersRepository(ctx.db);
  const usersRepo = usersRepository(ctx.db);
  const groupsRepo = groupSetsRepository(ctx.db);

  async function existingMember(courseId: number, userId: number) {
    const member = await repo.find(courseId, userId);
    if (!member) throw notFound('courses.memberNotFound');
    return member;
  }

  return {
    async members(actor: Actor, courseId: number): Promise<Member[]> {
      const access = await courseAccess(ctx.db).load(actor, courseId);
      assertCan(access, 'course.read');
      const rows = await repo.list(courseId);
      return rows.map((r) => presentMember(r, can(access, 'members.read_contacts')));
    },

    /**
     * One member's enrolment: anyone who can read the course sees who is in it, as the member lists
     * show; contacts as those lists decide, and always one's own.
     */
    async enrollment(actor: Actor, courseId: number, userId: number): Promise<Enrollment> {
      const access = await courseAccess(ctx.db).load(actor, courseId);
      assertCan(access, 'course.read');
      const member = await existingMember(courseId, userId);
      const user = presentMember(member, userId === actor.userId || can(access, 'members.read_contacts'));
      return {
        course_id: courseId,
        user_id: userId,
        user,
        roles: user.course_roles,
        created_at: user.joined_at,
      };
    },

    async students(actor: Actor, courseId: number): Promise<Member[]> {
      const access = await courseAccess(ctx.db).load(actor, courseId);
      assertCan(access, 'course.read');
      const rows = await repo.list(courseId, { anyOfRoles: ['student'] });
      return rows.map((r) => presentMember(r, can(access, 'members.read_contacts')));
    },

    async instructors(actor: Actor, courseId: number): Promise<Member[]> {
      const access = await courseAccess(ctx.db).load(actor, courseId);
      assertCan(access, 'course.read');
      const rows = await repo.list(courseId, { anyOfRoles: ['instructor'] });
      return rows.map((r) => presentMember(r, can(access, 'members.read_contacts')));
    },

    /** The teaching team (instructors and their assistants), optionally only some fields. */
    async educators(
      actor: Actor,
      courseId: number,
      fields?: ReadonlySet<string>,
    ): Promise<MemberSelection[]> {
      const access = await courseAccess(ctx.db).load(actor, courseId);
      assertCan(access, 'course.read');
      const rows = await repo.list(courseId, { anyOfRoles: TEACHING_ROLES });
      return rows.map((r) => selectFields(presentMember(r, can(access, 'members.read_contacts')), fields));
    },

    /** Who may host a meeting: the teaching team, and for meeting types that call the host, only those with a phone. */
    async hosts(actor: Actor, courseId: number, type: string | undefined): Promise<Member[]> {
      const access = await courseAccess(ctx.db).load(actor, courseId);
      assertCan(access, 'course.read');
      const rows = await repo.list(courseId, {
        anyOfRoles: TEACHING_ROLES,
        withMobilePhone: type !== undefined && PHONE_HOST_MEETING_TYPES.includes(type),
      });
      return rows.map((r) => presentMember(r, can(access, 'members.read_contacts')));
    },

    /**
     * Adds people of the organisation by id and/or user number. Someone already in the course keeps
     * their roles and gains the new ones. Unknown user numbers are reported, not refused; unknown ids
     * (which no UI produces) refuse the request.
     */
    async add(
      actor: Actor,
      courseId: number,
      input: AddMembersInput,
    ): Promise<{ members: Member[]; not_found: string[] }> {
      const access = await courseAccess(ctx.db).load(actor, courseId);
      assertCan(access, 'course.manage');
      const ids = [...new Set(input.user_ids ?? [])];
      const userNos = [...new Set(input.user_nos ?? [])];
      const [byId, byNo] = await Promise.all([
        usersRepo.findByIds(ids),
        usersRepo.findByUserNos(access.orgId, userNos),
      ]);
      const knownIds = new Set(byId.filter((u) => u.orgId === access.orgId).map((u) => u.id));
      const unknownIds = ids.filter((id) => !knownIds.has(id));
      if (unknownIds.length > 0) {
        throw invalid({
          user_ids: [{ key: 'courses.usersNotInOrg', params: { ids: unknownIds.join(', ') } }],
        });
      }
      const foundNos = new Set(byNo.map((u) => u.userNo));
      const targets = [...new Set([...knownIds, ...byNo.map((u) => u.id)])];

      await ctx.db.transaction(async (tx) => {
        const current = new Map(
          (await repo.list(courseId, { userIds: targets }, tx)).map((m) => [m.userId, m]),
        );
        await repo.upsert(
          courseId,
          targets.map((userId) => ({
            userId,
            roles: sortRoles([...rolesOf(current.get(userId)?.roles), ...input.roles]),
          })),
          tx,
        );
      });
      const rows = await repo.list(courseId, { userIds: targets });
      return {
        members: rows.map((r) => presentMember(r, can(access, 'members.read_contacts'))),
        not_found: userNos.filter((no) => !foundNos.has(no)),
      };
    },

    /** Replaces a member's roles. The chief instructor always keeps the instructor role. */
    async updateRoles(actor: Actor, courseId: number, userId: number, roles: CourseRole[]): Promise<Member> {
      const access = await courseAccess(ctx.db).load(actor, courseId);
      assertCan(access, 'course.manage');
      const member = await existingMember(courseId, userId);
      if (member.isChiefInstructor && !roles.includes('instructor')) {
        throw invalid({ roles: ['courses.chiefInstructorKeepsInstructorRole'] });
      }
      await ctx.db.transaction(async (tx) => {
        await repo.setRoles(courseId, userId, sortRoles(roles), tx);
        // Groups are made of students: someone who stops being one leaves the course's groups.
        if (!roles.includes('student')) await groupsRepo.removeUserFromCourseGroups(courseId, userId, tx);
      });
      return presentMember(await existingMember(courseId, userId), can(access, 'members.read_contacts'));
    },

    async remove(actor: Actor, courseId: number, userId: number): Promise<void> {
      const access = await courseAccess(ctx.db).load(actor, courseId);
      assertCan(access, 'course.manage');
      const member = await existingMember(courseId, userId);
      if (member.isChiefInstructor) throw conflict('courses.chiefInstructorCannotBeRemoved');
      await ctx.db.transaction(async (tx) => {
        await groupsRepo.removeUserFromCourseGroups(courseId, userId, tx);
        await repo.delete(courseId, userId, tx);
      });
    },
  };
}

export type MembersService = ReturnType<typeof membersService>;
