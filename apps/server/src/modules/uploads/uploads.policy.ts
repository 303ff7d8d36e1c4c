import type { Actor } from '../../platform/http/request-context.ts';
import { can, type CourseAccess } from '../courses/courses.policy.ts';

/** The uploader, or an administrator of the organisation the file belongs to. */
export function canManageUpload(actor: Actor, upload: { orgId: number; createdBy: number }): boolean {
  return upload.orgId === actor.orgId && (upload.createdBy === actor.userId || actor.orgRole === 'admin');
}

/**
 * An activity's attachment as its course's download rule leaves it (course-services' download-print
 * permissions): when the course does not let students download, no attachment allows it to them, whatever
 * its own flag; the teaching team and the uploader still may (canDownloadAttachment).
 */
export function underCourseRule(
  reference: { allowDownload: boolean },
  courseForbidsStudents: boolean,
): { allowDownload: boolean } {
  return { allowDownload: reference.allowDownload && !courseForbidsStudents };
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
