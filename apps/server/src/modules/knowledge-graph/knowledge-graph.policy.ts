import { forbidden } from '../../platform/errors.ts';
import { assertCan, can, type CourseAccess } from '../courses/courses.policy.ts';

/**
 * Who may do what with a course's knowledge graph (issue 17). The teaching team edits it; members read it
 * once it is published. This file alone answers; the service names the question.
 */

/** Editing nodes, relations, references, objectives and publishing: the teaching team, never while simulating. */
export function canEditGraph(access: CourseAccess): boolean {
  return can(access, 'activity.manage');
}

export function assertCanEditGraph(access: CourseAccess): void {
  assertCan(access, 'activity.manage');
}

/**
 * Reading the graph: the teaching team always (a simulating instructor sees what a student sees), other
 * members only while it is published.
 */
export function canReadGraph(access: CourseAccess, published: boolean): boolean {
  if (can(access, 'activity.read_unpublished')) return true;
  return published && can(access, 'course.read');
}

export function assertCanReadGraph(access: CourseAccess, published: boolean): void {
  if (!canReadGraph(access, published)) throw forbidden('knowledgeGraph.notPublished');
}

/** Whether the graph is published: any member may ask (the course page shows its tab only then). */
export function assertCanSeeGraphStatus(access: CourseAccess): void {
  assertCan(access, 'course.read');
}

/**
 * What the teaching team alone sees: unpublished activities, questions behind a node (they may be an
 * exam's questions), the snapshots with the class's mastery, the activities a node may reference.
 */
export function canSeeTeachingView(access: CourseAccess): boolean {
  return can(access, 'activity.read_unpublished');
}

export function assertTeachingView(access: CourseAccess): void {
  assertCan(access, 'activity.read_unpublished');
}

/** Bookmarking a node's resources: a member who reads the graph and may take part (not while simulating). */
export function canCapture(access: CourseAccess, published: boolean): boolean {
  return canReadGraph(access, published) && can(access, 'learner.participate');
}
