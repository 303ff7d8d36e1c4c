import { AppError } from '../../platform/errors.ts';
import { can, type CourseAccess } from '../courses/courses.policy.ts';

/** The teaching team: sees the ingest key, the viewing statistics, unpublished replays; reprocesses. */
export function managesLive(access: CourseAccess): boolean {
  return can(access, 'activity.manage');
}

/**
 * Watching the live: everyone in the course who takes part or teaches; a customer (a guest observer of
 * the course) sees the page but not the stream. A simulating instructor answers as the simulated student.
 */
export function mayViewLive(access: CourseAccess): boolean {
  if (can(access, 'activity.read_unpublished')) return true;
  if (access.isOrgAdmin) return true;
  return access.effectiveRoles.some((role) => role !== 'customer');
}

/** Watching the replay: as the live, unless the instructor keeps replays to the teaching team. */
export function mayViewRecord(access: CourseAccess, data: { allow_replay?: boolean | undefined }): boolean {
  if (!mayViewLive(access)) return false;
  return can(access, 'activity.read_unpublished') || data.allow_replay !== false;
}

/** Booking is a student's: a simulating instructor is refused like every other write. */
export function assertCanBook(access: CourseAccess): void {
  if (access.simulating && access.roles.length > 0) throw new AppError('simulating_read_only');
  if (!can(access, 'learner.participate') || !access.roles.includes('student')) {
    throw new AppError('forbidden', 'lectureLive.notLearner');
  }
}

export function canBook(access: CourseAccess): boolean {
  return can(access, 'learner.participate') && access.roles.includes('student');
}

export function assertManages(access: CourseAccess): void {
  if (managesLive(access)) return;
  if (access.simulating && access.roles.length > 0) throw new AppError('simulating_read_only');
  throw new AppError('forbidden');
}
