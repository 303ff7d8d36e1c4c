import { can, type CourseAccess } from '../courses/courses.policy.ts';

/**
 * Who sees an activity: anyone who may read its course sees it once published; the teaching team also
 * sees drafts. A simulating instructor gets the student answer, because `can` already says so.
 */
export function canSeeActivity(
  access: CourseAccess,
  activity: { published: boolean },
  assignedSubCourseIds?: readonly number[],
): boolean {
  return (
    can(access, 'course.read') &&
    (activity.published || can(access, 'activity.read_unpublished')) &&
    inAssignedSubCourses(access, assignedSubCourseIds)
  );
}

/**
 * An activity of a combined course assigned to some sub-courses is for their students only; the teaching
 * team sees it (not while viewing as a student). No assignment: everyone who may read the course.
 */
export function inAssignedSubCourses(
  access: CourseAccess,
  assignedSubCourseIds: readonly number[] | undefined,
): boolean {
  if (!assignedSubCourseIds || assignedSubCourseIds.length === 0) return true;
  if (can(access, 'activity.read_unpublished')) return true;
  return (access.subCourseIds ?? []).some((id) => assignedSubCourseIds.includes(id));
}

/**
 * Whose reads count as learner records. The teaching team previewing its own material, a simulating
 * instructor and observers are not learners; recording them would make every activity look "in use".
 */
export function recordsReads(access: CourseAccess): boolean {
  return can(access, 'learner.participate') && !can(access, 'activity.manage');
}
