import { answersReleased, scoresReleased } from '@lectern/contracts/exams/grading';
import type { ExamData } from '@lectern/contracts/exams/exam-settings';
import { forbidden } from '../../platform/errors.ts';
import { assertCan, can, type CourseAccess } from '../courses/courses.policy.ts';

/**
 * Who takes, reads and marks exams. Course-level rights stay in courses.policy.ts; this names which of
 * them each exam operation needs.
 */

/** The teaching team reads every submission (not while viewing the course as a student). */
export function readsAllSubmissions(access: CourseAccess): boolean {
  return can(access, 'activity.read_unpublished');
}

/** Is the caller one of the exam's examinees (a learner, not the teaching team)? */
export function isExaminee(access: CourseAccess): boolean {
  return can(access, 'learner.participate') && !can(access, 'activity.manage');
}

/**
 * Taking an exam writes (a paper, answers): learners only. The teaching team previews instead, and a
 * simulating instructor is refused as every write is.
 */
export function assertCanTake(access: CourseAccess): void {
  if (can(access, 'activity.manage')) throw forbidden('exams.taking.notExaminee');
  assertCan(access, 'learner.participate', 'exams.taking.notExaminee');
}

/** Marking, retakes, comments and the score export: the exam's authors (refused while simulating). */
export function assertCanMark(access: CourseAccess): void {
  assertCan(access, 'activity.manage');
}

export type Visibility = { scores: boolean; answers: boolean };

/** What a viewer of a submission may see of its scores and the right answers. */
export function submissionVisibility(
  access: CourseAccess,
  settings: ExamData,
  submitted: boolean,
  now: Date = new Date(),
): Visibility {
  if (readsAllSubmissions(access)) return { scores: true, answers: true };
  const context = { submitted, now };
  return { scores: scoresReleased(settings, context), answers: answersReleased(settings, context) };
}
