import { AppError } from '../../platform/errors.ts';
import { can, type CourseAccess } from '../courses/courses.policy.ts';

/**
 * Progress is kept for the course's students only: the teaching team previews a package without
 * leaving a learner's trace, and a simulating instructor writes nothing (refused like every write).
 */
export function assertLearner(access: CourseAccess): void {
  if (access.simulating && access.roles.length > 0) throw new AppError('simulating_read_only');
  if (!can(access, 'learner.participate') || !access.roles.includes('student')) {
    throw new AppError('forbidden', 'h5Courseware.learnersOnly');
  }
}

export function isLearner(access: CourseAccess): boolean {
  return can(access, 'learner.participate') && access.roles.includes('student');
}
