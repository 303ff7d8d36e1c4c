import { AppError } from '../../platform/errors.ts';
import { can, type CourseAccess } from '../courses/courses.policy.ts';

/** The teaching team sees results; a simulating instructor sees what a student sees (`can` answers so). */
export function seesResults(access: CourseAccess): boolean {
  return can(access, 'activity.manage');
}

/** Only the students of the course answer; a simulating instructor is refused like every write then. */
export function assertCanRespond(access: CourseAccess): void {
  if (access.simulating && access.roles.length > 0) throw new AppError('simulating_read_only');
  if (!canRespond(access)) throw new AppError('forbidden', 'questionnaires.notRespondent');
}

export function canRespond(access: CourseAccess): boolean {
  return can(access, 'learner.participate') && access.roles.includes('student');
}
