import { forbidden, simulatingReadOnly } from '../../platform/errors.ts';
import type { Actor } from '../../platform/http/request-context.ts';

/**
 * Who may do what with rubrics. Rubrics belong to a person, not a course: the course policy only enters
 * through the homeworks that use a rubric (see rubricsRepository.visibleThroughHomework).
 */

/** Writes are refused while the session views a course as a student, as everywhere else. */
function assertNotSimulating(actor: Actor): void {
  if (actor.simulatingCourseId !== null) throw simulatingReadOnly();
}

/** Rubrics are a marking tool: organisation administrators and whoever teaches a course; students never. */
export function assertCanCreate(actor: Actor, who: { teachesInOrg: boolean }): void {
  assertNotSimulating(actor);
  if (actor.orgRole !== 'admin' && !who.teachesInOrg) throw forbidden('rubrics.createNotAllowed');
}

export function isCreator(actor: Actor, rubric: { createdBy: number; orgId: number }): boolean {
  return rubric.createdBy === actor.userId && rubric.orgId === actor.orgId;
}

/** Changing or deleting: the creator only (administrators included, others' marks depend on it). */
export function assertCanModify(actor: Actor, rubric: { createdBy: number; orgId: number }): void {
  assertNotSimulating(actor);
  if (!isCreator(actor, rubric)) throw forbidden('rubrics.editNotAllowed');
}
