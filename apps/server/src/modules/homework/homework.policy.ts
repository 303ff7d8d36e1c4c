import type { HomeworkPermissions } from '@lectern/contracts/homework/homework.schemas';
import { forbidden } from '../../platform/errors.ts';
import { assertCan, can, type CourseAccess } from '../courses/courses.policy.ts';

/**
 * Who hands in, reads and marks homework. Course-level rights stay in courses.policy.ts; this names which
 * of them each homework operation needs.
 */

/** The caller's rights as the pages receive them (addendum section 6); all off while simulating. */
export function permissionsOf(access: CourseAccess): HomeworkPermissions {
  const manages = can(access, 'activity.manage');
  return { allow_mark: manages, allow_edit: manages, allow_setting: manages };
}

/** The teaching team reads every submission and every score (not while viewing as a student). */
export function readsAllSubmissions(access: CourseAccess): boolean {
  return can(access, 'activity.read_unpublished');
}

/** Scores, comments, marked files, redo, remind, make-up, recommend: the teaching team, never while simulating. */
export function assertCanMark(access: CourseAccess): void {
  assertCan(access, 'activity.manage');
}

/** Settings (description, rubric, publishing): the same people as marking. */
export function assertCanSet(access: CourseAccess): void {
  assertCan(access, 'activity.manage');
}

/**
 * Handing in writes: learners only. The teaching team submits on a student's behalf instead; a simulating
 * instructor is refused as every write is.
 */
export function assertCanHandIn(access: CourseAccess): void {
  if (can(access, 'activity.manage')) throw forbidden('homework.notSubmitter');
  assertCan(access, 'learner.participate', 'homework.notSubmitter');
}

/**
 * May the caller read this submitter's work? The teaching team always; a student their own (or their
 * group's); classmates only recommended hand-ins.
 */
export function canReadWork(
  access: CourseAccess,
  owner: { userId: number | null; memberIds: readonly number[] },
  recommended: boolean,
): boolean {
  if (readsAllSubmissions(access)) return true;
  if (owner.userId === access.userId || owner.memberIds.includes(access.userId)) return true;
  return recommended && can(access, 'course.read');
}
