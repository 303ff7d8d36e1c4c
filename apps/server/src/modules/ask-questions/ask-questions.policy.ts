import { AppError } from '../../platform/errors.ts';
import { assertCan, type CourseAccess } from '../courses/courses.policy.ts';

/** The teaching team asks: create, edit, draw, end, and sees every draw with names. */
export function assertCanManage(access: CourseAccess): void {
  assertCan(access, 'course.manage', 'askQuestions.cannotManage');
}

/**
 * Students read whether they themselves were drawn, nothing more: the other names are the projector's. An
 * instructor simulating a student reads it too (it is a read), and finds nothing there.
 */
export function assertCanReadOwnPicks(access: CourseAccess): void {
  assertCan(access, 'course.read');
  if (!access.effectiveRoles.includes('student')) throw new AppError('forbidden', 'askQuestions.notStudent');
}
