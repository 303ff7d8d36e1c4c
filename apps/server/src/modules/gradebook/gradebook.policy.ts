import type { GradebookView } from '@lectern/contracts/gradebook/gradebook.schemas';
import { forbidden } from '../../platform/errors.ts';
import { assertCan, can, type CourseAccess } from '../courses/courses.policy.ts';

/**
 * Who sees what of a course's grades: the teaching team (and administrators) the whole table, including
 * unpublished activities and unreleased scores; everyone else in the course only their own row of items
 * whose scores are released to students. An instructor viewing as a student sees the student's view.
 */
export function gradebookView(access: CourseAccess): GradebookView {
  if (can(access, 'members.read_contacts')) return 'all';
  if (can(access, 'course.read')) return 'own';
  throw forbidden();
}

/** Weights change every student's total: only those who manage the course set them, never while simulating. */
export function assertCanWeigh(access: CourseAccess): void {
  assertCan(access, 'course.manage');
}

/** Exporting the table is the teaching team's: it lists every student's scores. */
export function assertCanExport(access: CourseAccess): void {
  if (gradebookView(access) !== 'all') throw forbidden();
}
