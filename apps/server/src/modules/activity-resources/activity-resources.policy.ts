import { can, type CourseAccess } from '../courses/courses.policy.ts';

/**
 * Who may do what with an activity's resources (spec 001 section 6). The server says `can_upload`; the
 * client only follows it.
 */

/** Adding resources is the teaching team's (and never while simulating: a read-only view). */
export function canUploadResource(access: CourseAccess): boolean {
  return can(access, 'activity.manage');
}

/** Changing one (and, unless protected, deleting it): its uploader only, while they may still upload to the activity. */
export function canDeleteResource(
  access: CourseAccess,
  userId: number,
  resource: { createdBy: number },
): boolean {
  return resource.createdBy === userId && canUploadResource(access);
}

/**
 * Deleting one: whoever may change it, unless it is a cloud recording and the organisation's live-record
 * settings protect those (spec 001 section 6: "not for certain cloud recordings when an org setting
 * restricts"). Renaming and the download switch stay the uploader's either way.
 */
export function canDeleteResourceNow(
  access: CourseAccess,
  userId: number,
  resource: { createdBy: number },
  protection: { cloudRecording: boolean; orgProtectsRecordings: boolean },
): boolean {
  return canDeleteResource(access, userId, resource) && !isDeleteProtected(protection);
}

/** A cloud recording while the organisation protects them. */
export function isDeleteProtected(protection: {
  cloudRecording: boolean;
  orgProtectsRecordings: boolean;
}): boolean {
  return protection.cloudRecording && protection.orgProtectsRecordings;
}

/**
 * Taking a copy away: the uploader, or anyone who sees the activity when the resource allows downloads,
 * except students of a course whose download rule keeps them from it (course-services).
 */
export function canDownloadResource(
  access: CourseAccess,
  userId: number,
  resource: { createdBy: number; allowDownload: boolean },
  courseForbidsStudents: boolean,
): boolean {
  if (resource.createdBy === userId) return true;
  if (!resource.allowDownload) return false;
  return !courseForbidsStudents || can(access, 'activity.read_unpublished');
}

/** The view and download statistics are the teaching team's (a simulating instructor sees the student view). */
export function canSeeResourceStatistics(access: CourseAccess): boolean {
  return can(access, 'activity.read_unpublished');
}
