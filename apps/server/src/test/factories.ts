import { createHmac, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import type { CourseRole } from '@lectern/contracts/courses/course-roles';
import { activities } from '../db/schema/activities.ts';
import {
  academicYears,
  courseMembers,
  courseModules,
  courses,
  groupMembers,
  groups,
  groupSets,
  semesters,
  syllabi,
} from '../db/schema/courses.ts';
import { departments, orgs, sessions, users } from '../db/schema/identity.ts';
import { uploads } from '../db/schema/uploads.ts';
import { hashPassword } from '../modules/identity/password.ts';
import { SESSION_COOKIE } from '../modules/identity/session.hook.ts';
import { newStorageKey } from '../platform/storage/storage.ts';
import type { TestApp } from './test-app.ts';

let sequence = 0;
const next = () => {
  sequence += 1;
  return sequence;
};

// Hashing is deliberately slow; tests that never log in by password share one hash.
let sharedHash: Promise<string> | undefined;
export const TEST_PASSWORD = 'correct-horse-battery';

export async function createOrg(t: TestApp, values: Partial<typeof orgs.$inferInsert> = {}) {
  const n = next();
  const [org] = await t.db
    .insert(orgs)
    .values({ name: `Org ${n}`, code: `org-${n}-${randomBytes(3).toString('hex')}`, ...values })
    .returning();
  if (!org) throw new Error('no org');
  return org;
}

export async function createDepartment(
  t: TestApp,
  orgId: number,
  values: Partial<typeof departments.$inferInsert> = {},
) {
  const n = next();
  const [row] = await t.db
    .insert(departments)
    .values({ orgId, name: `Department ${n}`, code: `d${n}`, ...values })
    .returning();
  if (!row) throw new Error('no department');
  return row;
}

export async function createUser(t: TestApp, orgId: number, values: Partial<typeof users.$inferInsert> = {}) {
  const n = next();
  sharedHash ??= hashPassword(TEST_PASSWORD);
  const [user] = await t.db
    .insert(users)
    .values({
      orgId,
      userNo: `u${n}`,
      name: `User ${n}`,
      email: `user${n}@example.edu`,
      passwordHash: await sharedHash,
      ...values,
    })
    .returning();
  if (!user) throw new Error('no user');
  return user;
}

export type Session = {
  userId: number;
  /** Headers for app.inject: the session cookie and a locale, as a script would send them. */
  headers: Record<string, string>;
};

/** Opens a session without the password round trip; login itself is tested through HTTP. */
export async function loginAs(
  t: TestApp,
  user: { id: number },
  options: { locale?: string; simulatingCourseId?: number } = {},
): Promise<Session> {
  const token = randomBytes(32).toString('base64url');
  await t.db.insert(sessions).values({
    id: createHmac('sha256', t.config.sessionSecret).update(token).digest('base64url'),
    userId: user.id,
    simulatingCourseId: options.simulatingCourseId ?? null,
    expiresAt: new Date(Date.now() + 3600_000),
  });
  return {
    userId: user.id,
    headers: {
      cookie: `${SESSION_COOKIE}=${token}`,
      'accept-language': options.locale ?? 'en-US',
    },
  };
}

export async function createAcademicYear(
  t: TestApp,
  orgId: number,
  values: Partial<typeof academicYears.$inferInsert> = {},
) {
  const n = next();
  const [row] = await t.db
    .insert(academicYears)
    .values({ orgId, name: `Year ${n}`, code: `y${n}`, sort: n, ...values })
    .returning();
  if (!row) throw new Error('no academic year');
  return row;
}

export async function createSemester(
  t: TestApp,
  orgId: number,
  academicYearId: number,
  values: Partial<typeof semesters.$inferInsert> = {},
) {
  const n = next();
  const [row] = await t.db
    .insert(semesters)
    .values({ orgId, academicYearId, name: `Semester ${n}`, code: `s${n}`, sort: n, ...values })
    .returning();
  if (!row) throw new Error('no semester');
  return row;
}

/**
 * A course whose creator is its chief instructor and, as when created through the API, a member with
 * the instructor role.
 */
export async function createCourse(
  t: TestApp,
  orgId: number,
  createdBy: number,
  values: Partial<typeof courses.$inferInsert> = {},
) {
  const n = next();
  const [course] = await t.db
    .insert(courses)
    .values({ orgId, name: `Course ${n}`, createdBy, ...values })
    .returning();
  if (!course) throw new Error('no course');
  await addMember(t, course.id, createdBy, ['instructor']);
  return course;
}

/** Makes the user a member with exactly these roles (replacing any roles held before). */
export async function addMember(t: TestApp, courseId: number, userId: number, roles: CourseRole[]) {
  const [row] = await t.db
    .insert(courseMembers)
    .values({ courseId, userId, roles })
    .onConflictDoUpdate({ target: [courseMembers.courseId, courseMembers.userId], set: { roles } })
    .returning();
  if (!row) throw new Error('no member');
  return row;
}

export async function createModule(
  t: TestApp,
  courseId: number,
  values: Partial<typeof courseModules.$inferInsert> = {},
) {
  const n = next();
  const [row] = await t.db
    .insert(courseModules)
    .values({ courseId, name: `Module ${n}`, sort: n, ...values })
    .returning();
  if (!row) throw new Error('no module');
  return row;
}

export async function createSyllabus(
  t: TestApp,
  courseId: number,
  moduleId: number,
  values: Partial<typeof syllabi.$inferInsert> = {},
) {
  const n = next();
  const [row] = await t.db
    .insert(syllabi)
    .values({ courseId, moduleId, summary: `Syllabus ${n}`, sort: n, ...values })
    .returning();
  if (!row) throw new Error('no syllabus');
  return row;
}

export async function createGroupSet(
  t: TestApp,
  courseId: number,
  values: Partial<typeof groupSets.$inferInsert> = {},
) {
  const n = next();
  const [row] = await t.db
    .insert(groupSets)
    .values({ courseId, name: `Group set ${n}`, sort: n, ...values })
    .returning();
  if (!row) throw new Error('no group set');
  return row;
}

/** A group, optionally with members (students of the course) and which of them lead it. */
export async function createGroup(
  t: TestApp,
  groupSetId: number,
  values: Partial<typeof groups.$inferInsert> & { memberIds?: number[]; leaderIds?: number[] } = {},
) {
  const n = next();
  const { memberIds = [], leaderIds = [], ...columns } = values;
  const [row] = await t.db
    .insert(groups)
    .values({ groupSetId, name: `Group ${n}`, sort: n, ...columns })
    .returning();
  if (!row) throw new Error('no group');
  if (memberIds.length > 0) {
    await t.db.insert(groupMembers).values(
      memberIds.map((userId) => ({
        groupId: row.id,
        groupSetId,
        userId,
        isLeader: leaderIds.includes(userId),
      })),
    );
  }
  return row;
}

/**
 * An activity in a module of a course, published unless told otherwise (drafts are the exception in
 * tests). Completion defaults to `none`; give `completionCriterionKey` for anything else.
 */
export async function createActivity(
  t: TestApp,
  values: Partial<typeof activities.$inferInsert> & { courseId: number; moduleId: number; createdBy: number },
) {
  const n = next();
  const [row] = await t.db
    .insert(activities)
    .values({ type: 'material', title: `Activity ${n}`, published: true, sort: n, ...values })
    .returning();
  if (!row) throw new Error('no activity');
  return row;
}

/**
 * An upload row. With `bytes` it is ready and its bytes are in the app's storage; without, it is a
 * metadata-first declaration still waiting for them.
 */
export async function createUpload(
  t: TestApp,
  orgId: number,
  createdBy: number,
  values: Partial<typeof uploads.$inferInsert> & { bytes?: Buffer } = {},
) {
  const n = next();
  const { bytes, ...columns } = values;
  let stored: Partial<typeof uploads.$inferInsert> = {};
  if (bytes) {
    const storageKey = newStorageKey();
    const { size, sha256 } = await t.storage.put(storageKey, Readable.from([bytes]), {
      maxBytes: bytes.length,
    });
    stored = { status: 'ready', storageKey, size, sha256, mimeType: 'text/plain', type: 'document' };
  }
  const [row] = await t.db
    .insert(uploads)
    .values({ orgId, createdBy, name: `File ${n}.txt`, size: bytes?.length ?? 0, ...stored, ...columns })
    .returning();
  if (!row) throw new Error('no upload');
  return row;
}
