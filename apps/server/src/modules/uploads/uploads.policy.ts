import type { Actor } from '../../platform/http/request-context.ts';
import { can, type CourseAccess } from '../courses/courses.policy.ts';

/** The uploader, or an administrator of the organisation the file belongs to. */
export function canManageUpload(actor: Actor, upload: { orgId: number; createdBy: number }): boolean {
  return upload.orgId === actor.orgId && (upload.createdBy === actor.userId || actor.orgRole === 'admin');
}

/**
 * Downloading an attached file, once its parent is visible: allowed for everyone when the attachment
 * allows download, and always for the teaching team and the uploader (spec 001 section 6). A simulating
 * instructor is answered as the student they are viewing as.
 */
export function canDownloadAttachment(
  actor: Actor,
  access: CourseAccess,
  reference: { allowDownload: boolean },
  upload: { createdBy: number },
): boolean {
  return reference.allowDownload || can(access, 'activity.manage') || upload.createdBy === actor.userId;
}
