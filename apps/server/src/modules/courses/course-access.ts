import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { COURSE_ROLES, sortRoles, type CourseRole } from '@lectern/contracts/courses/course-roles';
import { COMBINED_COURSE_TYPE } from '@lectern/contracts/course-combining/course-combining.rules';
import { courseMembers, courseNotDeleted, courses } from '../../db/schema/courses.ts';
import type { Database, Executor } from '../../platform/database.ts';
import { forbidden, notFound } from '../../platform/errors.ts';
import type { Actor } from '../../platform/http/request-context.ts';
import type { CourseAccess } from './courses.policy.ts';
import { withCompiledRows } from '../../platform/compiled-rows.ts';

function isCourseRole(value: string): value is CourseRole {
  return (COURSE_ROLES as readonly string[]).includes(value);
}

/** Roles as stored (text[]) → course roles, primary first; unknown names are dropped. */
export function rolesOf(stored: readonly string[] | null | undefined): CourseRole[] {
  return sortRoles((stored ?? []).filter(isCourseRole));
}

/** Whether the actor is viewing this course as a student: only a member can simulate it. */
export function isSimulating(actor: Actor, courseId: number, roles: readonly CourseRole[]): boolean {
  return actor.simulatingCourseId === courseId && roles.length > 0;
}

/** The roles the actor acts with in the course: ['student'] while simulating it. */
export function effectiveRolesOf(actor: Actor, courseId: number, roles: readonly CourseRole[]): CourseRole[] {
  return isSimulating(actor, courseId, roles) ? ['student'] : [...roles];
}

/**
 * The sub-courses of a combined course (course type 10) in which the user is a student, as an array (null
 * for other courses and for non-students). Evaluated only for combined courses, so the hot access check
 * of every other course pays one comparison (decision 0006).
 */
export function subCourseStudentIds(
  course: { id: AnyPgColumn; courseType: AnyPgColumn },
  userId: SQL | AnyPgColumn | ReturnType<typeof sql.placeholder>,
): SQL<number[] | null> {
  return sql<number[] | null>`case when ${course.courseType} = ${sql.raw(String(COMBINED_COURSE_TYPE))} then (
    select array_agg(s.sub_course_id order by s.sub_course_id)
    from course_sub_courses s
    join course_members m on m.course_id = s.sub_course_id
    join courses sc on sc.id = s.sub_course_id and sc.recycle_bin_item_id is null
    where s.parent_course_id = ${course.id} and m.user_id = ${userId} and 'student' = any(m.roles)
  ) end`;
}

type UserPlaceholder = ReturnType<typeof sql.placeholder>;

/**
 * The columns `accessFromRow` reads, selected from `courses` left-joined to `membershipOf(userId)`: for
 * statements that read the actor's access in the same round trip as what they load.
 */
export function accessColumns(userId: UserPlaceholder) {
  return {
    orgId: courses.orgId,
    createdBy: courses.createdBy,
    courseType: courses.courseType,
    roles: courseMembers.roles,
    subCourseIds: subCourseStudentIds(courses, userId),
  };
}

/** The join condition of the user's own membership row in the course being read. */
export function membershipOf(userId: UserPlaceholder): SQL | undefined {
  return and(eq(courseMembers.courseId, courses.id), eq(courseMembers.userId, userId));
}

/**
 * Loads what the actor is in a course, in one query. A course of another organisation reads as not
 * found; a course of the actor's own organisation they have no part in is forbidden.
 */
// Every course-scoped request starts here, so it is a named prepared statement: built and planned once.
function prepareLoad(tx: Executor) {
  const userId = sql.placeholder('userId');
  return withCompiledRows(
    tx
      .select(accessColumns(userId))
      .from(courses)
      .leftJoin(courseMembers, membershipOf(userId))
      .where(and(eq(courses.id, sql.placeholder('courseId')), courseNotDeleted))
      .prepare('course_access_load'),
  );
}

const preparedLoads = new WeakMap<Database, ReturnType<typeof prepareLoad>>();

function loadStatement(db: Database, tx: Executor) {
  if (tx !== db) return prepareLoad(tx);
  let statement = preparedLoads.get(db);
  if (!statement) preparedLoads.set(db, (statement = prepareLoad(db)));
  return statement;
}

/** The course row and the actor's membership, as read by a query that joined them. */
export type CourseAccessRow = {
  orgId: number;
  createdBy: number;
  courseType: number;
  roles: readonly string[] | null;
  /** Of a combined course: the sub-courses the actor is a student of (`subCourseStudentIds`). */
  subCourseIds?: readonly number[] | null;
};

/**
 * What the actor is in a course, from its row (undefined: no such course), with the same refusals as
 * `load`. For callers that read the course row in the same query as what they are loading.
 */
export function accessFromRow(
  actor: Actor,
  courseId: number,
  row: CourseAccessRow | undefined,
): CourseAccess {
  if (!row || row.orgId !== actor.orgId) throw notFound();
  const subCourseIds = row.subCourseIds ?? [];
  const held = rolesOf(row.roles);
  // Students of a combined course's sub-courses are its students (spec 001 "Combine courses").
  const roles: CourseRole[] = held.length === 0 && subCourseIds.length > 0 ? ['student'] : held;
  const isOrgAdmin = actor.orgRole === 'admin';
  if (roles.length === 0 && !isOrgAdmin) throw forbidden();
  const simulating = isSimulating(actor, courseId, roles);
  return {
    courseId,
    orgId: row.orgId,
    userId: actor.userId,
    roles,
    effectiveRoles: effectiveRolesOf(actor, courseId, roles),
    isChiefInstructor: row.createdBy === actor.userId,
    isOrgAdmin,
    simulating,
    courseType: row.courseType,
    subCourseIds,
  };
}

/** `accessFromRow`, handing back the row it judged (known to exist once it did not refuse) with the access. */
export function accessWithRow<T extends CourseAccessRow>(
  actor: Actor,
  courseId: number,
  row: T | undefined,
): { access: CourseAccess; row: T } {
  const access = accessFromRow(actor, courseId, row);
  return { access, row: row as T };
}

export function courseAccess(db: Database) {
  return {
    async load(actor: Actor, courseId: number, tx: Executor = db): Promise<CourseAccess> {
      const statement = loadStatement(db, tx);
      const [row] = await statement.execute({ courseId, userId: actor.userId });
      return accessFromRow(actor, courseId, row);
    },
  };
}
