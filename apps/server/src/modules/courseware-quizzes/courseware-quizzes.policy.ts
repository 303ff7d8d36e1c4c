import { AppError } from '../../platform/errors.ts';
import { can, type CourseAccess } from '../courses/courses.policy.ts';

/** The teaching team places quizzes and sees their statistics; a simulating instructor sees what a student sees. */
export function managesQuizzes(access: CourseAccess): boolean {
  return can(access, 'activity.manage');
}

/** Only the students of the course answer; a simulating instructor is refused like every write then. */
export function assertCanAnswer(access: CourseAccess): void {
  if (access.simulating && access.roles.length > 0) throw new AppError('simulating_read_only');
  if (!canAnswer(access)) throw new AppError('forbidden', 'coursewareQuizzes.notRespondent');
}

export function canAnswer(access: CourseAccess): boolean {
  return can(access, 'learner.participate') && access.roles.includes('student');
}
