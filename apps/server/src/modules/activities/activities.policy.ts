import { can, type CourseAccess } from '../courses/courses.policy.ts';

/**
 * Who sees an activity: anyone who may read its course sees it once published; the teaching team also
 * sees drafts. A simulating instructor gets the student answer, because `can` already says so.
 */
export function canSeeActivity(access: CourseAccess, activity: { published: boolean }): boolean {
  return can(access, 'course.read') && (activity.published || can(access, 'activity.read_unpublished'));
}

/**
 * Whose reads count as learner records. The teaching team previewing its own material, a simulating
 * instructor and observers are not learners; recording them would make every activity look "in use".
 */
export function recordsReads(access: CourseAccess): boolean {
  return can(access, 'learner.participate') && !can(access, 'activity.manage');
}
