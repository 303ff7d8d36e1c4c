import { AppError } from '../../platform/errors.ts';
import { can, type CourseAccess } from '../courses/courses.policy.ts';

/**
 * The teaching team sees the live counts and, in a named vote, who chose what. A simulating instructor
 * sees what a student sees, because `can` answers for the simulated role.
 */
export function seesResults(access: CourseAccess): boolean {
  return can(access, 'activity.manage');
}

/**
 * Only the students of the course vote; an instructor simulating a student is refused like every other
 * write while simulating.
 */
export function assertCanVote(access: CourseAccess): void {
  if (access.simulating && access.roles.length > 0) throw new AppError('simulating_read_only');
  if (!can(access, 'learner.participate') || !access.roles.includes('student')) {
    throw new AppError('forbidden', 'votes.notVoter');
  }
}

export function canVote(access: CourseAccess): boolean {
  return can(access, 'learner.participate') && access.roles.includes('student');
}
