import { answersReleased, scoresReleased } from '@lectern/contracts/exams/grading';
import type { ExamData } from '@lectern/contracts/exams/exam-settings';
import { COURSE_ROLES, type CourseRole } from '@lectern/contracts/courses/course-roles';
import { AppError, forbidden } from '../../platform/errors.ts';
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

/** Whether a member holding exactly `roles` (not an administrator, not simulating) may take exams. */
export function rolesMayTake(roles: readonly CourseRole[], courseType: number): boolean {
  const access: CourseAccess = {
    courseId: 0,
    orgId: 0,
    userId: 0,
    roles,
    effectiveRoles: roles,
    isChiefInstructor: false,
    isOrgAdmin: false,
    simulating: false,
    courseType,
  };
  try {
    assertCanTake(access);
    return true;
  } catch (error) {
    if (error instanceof AppError) return false;
    throw error;
  }
}

const takerRoles = new Map<number, readonly CourseRole[]>();

/**
 * The course roles each of which lets a member take the exams of a course of this type. The one-statement
 * exam start (taking-exam-access.ts) lets the database check a member's roles against this list, so it is
 * derived from `assertCanTake` rather than written again; a test checks that every combination of them is
 * allowed too. Any other member takes the two-statement start, judged here in full.
 */
export function examTakerRoles(courseType: number): readonly CourseRole[] {
  let roles = takerRoles.get(courseType);
  if (!roles) takerRoles.set(courseType, (roles = COURSE_ROLES.filter((r) => rolesMayTake([r], courseType))));
  return roles;
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
