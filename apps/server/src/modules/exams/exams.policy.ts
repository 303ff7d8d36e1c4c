import { assertCan, can, type CourseAccess } from '../courses/courses.policy.ts';
import type { Actor } from '../../platform/http/request-context.ts';

/**
 * Who may author exams and libraries. Course-level decisions stay in courses.policy.ts; this file only
 * names which course action each exam operation needs, and decides personal libraries (no course).
 */

/** Reading what only authors see (questions with their answers, settings lists, libraries of a course). */
export function assertAuthorRead(access: CourseAccess): void {
  assertCan(access, 'activity.read_unpublished');
}

export function canAuthor(access: CourseAccess): boolean {
  return can(access, 'activity.manage');
}

/** Writing questions, papers, make-up lists and course libraries (refused while simulating). */
export function assertAuthorWrite(access: CourseAccess): void {
  assertCan(access, 'activity.manage');
}

/** A personal library is its owner's alone: nobody else reads or changes it, administrators included. */
export function ownsPersonalLib(actor: Actor, lib: { ownerId: number; courseId: number | null }): boolean {
  return lib.courseId === null && lib.ownerId === actor.userId;
}

/**
 * Creating personal libraries is a teacher's tool: organisation administrators and anyone who teaches
 * (instructor or assistant) in a course of the organisation.
 */
export function canCreatePersonalLib(who: { isOrgAdmin: boolean; teachesInOrg: boolean }): boolean {
  return who.isOrgAdmin || who.teachesInOrg;
}
