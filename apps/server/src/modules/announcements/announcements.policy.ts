import { forbidden } from '../../platform/errors.ts';
import type { Actor } from '../../platform/http/request-context.ts';
import { assertCan, can, type CourseAccess } from '../courses/courses.policy.ts';

/**
 * Who may post, change, read and see scheduled announcements. Course-level rights stay in
 * courses.policy.ts; this names which of them each announcement operation needs. An organisation-wide
 * announcement belongs to the organisation's administrators.
 */

/** Where an announcement lives, as the rules see it. */
export type AnnouncementScope = { kind: 'course'; access: CourseAccess } | { kind: 'org'; actor: Actor };

/** The course's teaching team (instructors, assistants) or an administrator; never while simulating. */
export function canManage(scope: AnnouncementScope): boolean {
  if (scope.kind === 'org') return scope.actor.orgRole === 'admin';
  return can(scope.access, 'activity.manage');
}

export function assertCanManage(scope: AnnouncementScope): void {
  if (scope.kind === 'course') assertCan(scope.access, 'activity.manage', 'announcements.cannotManage');
  else if (!canManage(scope)) throw forbidden('announcements.cannotManage');
}

/**
 * Whoever manages announcements also sees those still waiting for their publication time; everyone
 * else (a simulating instructor included) sees them from then on.
 */
export function seesScheduled(scope: AnnouncementScope): boolean {
  if (scope.kind === 'org') return scope.actor.orgRole === 'admin';
  return can(scope.access, 'activity.read_unpublished');
}

/** Reading a course's announcements needs the course; the organisation's, any member of it. */
export function assertCanRead(scope: AnnouncementScope): void {
  if (scope.kind === 'course' && !can(scope.access, 'course.read')) throw forbidden();
}

/**
 * An attachment is downloadable by readers when it allows it; by the people who manage the announcement
 * and the file's uploader always.
 */
export function canDownloadAttachment(
  scope: AnnouncementScope,
  actorId: number,
  reference: { allowDownload: boolean },
  upload: { createdBy: number },
): boolean {
  return reference.allowDownload || canManage(scope) || upload.createdBy === actorId;
}
