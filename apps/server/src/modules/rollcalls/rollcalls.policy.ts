import { AppError } from '../../platform/errors.ts';
import { assertCan, can, type CourseAccess } from '../courses/courses.policy.ts';

/** The teaching team runs roll calls: create, start, stop, show the code, mark by hand, export. */
export function canManage(access: CourseAccess): boolean {
  return can(access, 'course.manage');
}

export function assertCanManage(access: CourseAccess): void {
  assertCan(access, 'course.manage', 'rollcalls.cannotManage');
}

/** Any member may know a roll call exists and whether it is open (what `lite` tells). */
export function assertCanRead(access: CourseAccess): void {
  assertCan(access, 'course.read');
}

/**
 * Only the students of the course are on the roll, so only they answer; an instructor viewing the course
 * as a student is refused like every other write while simulating.
 */
export function assertCanAnswer(access: CourseAccess): void {
  assertCan(access, 'learner.participate', 'rollcalls.notOnRoll');
  if (!access.roles.includes('student')) throw new AppError('forbidden', 'rollcalls.notOnRoll');
}
