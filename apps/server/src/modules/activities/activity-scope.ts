import { COMBINED_COURSE_TYPE } from '@lectern/contracts/course-combining/course-combining.rules';
import { AppError } from '../../platform/errors.ts';
import type { Actor } from '../../platform/http/request-context.ts';
import { accessFromRow, type CourseAccessRow } from '../courses/course-access.ts';
import { can, type CourseAccess } from '../courses/courses.policy.ts';

/** One course the caller belongs to, with what `accessFromRow` needs to decide what they are there. */
export type MemberCourseAccessRow = CourseAccessRow & { courseId: number };

/** Which of the caller's courses a cross-course read (calendar, search) covers, and where drafts show. */
export type ActivityScope = {
  /** Courses whose published activities the caller sees. */
  courseIds: number[];
  /** Of those, the courses whose drafts they see too (the teaching team, not while viewing as a student). */
  draftCourseIds: number[];
  /** Of those, the combined courses, where an activity may be assigned to some sub-courses only. */
  combinedCourseIds: number[];
  /** The sub-courses the caller is a student of, in any of those combined courses. */
  subCourseIds: number[];
};

/**
 * The same answer `canSeeActivity` gives activity by activity, decided once per course, so a read over
 * every course of the caller can filter in one query: the course policy alone still decides who sees
 * what. A course the policy refuses (another organisation, no usable role) is left out.
 */
export function activityScopeOf(actor: Actor, rows: readonly MemberCourseAccessRow[]): ActivityScope {
  const scope: ActivityScope = { courseIds: [], draftCourseIds: [], combinedCourseIds: [], subCourseIds: [] };
  for (const row of rows) {
    const access = accessOrNull(actor, row);
    if (!access || !can(access, 'course.read')) continue;
    scope.courseIds.push(row.courseId);
    if (can(access, 'activity.read_unpublished')) scope.draftCourseIds.push(row.courseId);
    if (access.courseType === COMBINED_COURSE_TYPE) {
      scope.combinedCourseIds.push(row.courseId);
      scope.subCourseIds.push(...(access.subCourseIds ?? []));
    }
  }
  return scope;
}

function accessOrNull(actor: Actor, row: MemberCourseAccessRow): CourseAccess | null {
  try {
    return accessFromRow(actor, row.courseId, row);
  } catch (error) {
    if (error instanceof AppError && (error.code === 'forbidden' || error.code === 'not_found')) return null;
    throw error;
  }
}
