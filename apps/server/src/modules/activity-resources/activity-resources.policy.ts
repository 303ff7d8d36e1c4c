import { can, type CourseAccess } from '../courses/courses.policy.ts';

/**
 * Who may do what with an activity's resources (spec 001 section 6). The server says `can_upload`; the
 * client only follows it.
 */

/** Adding resources is the teaching team's (and never while simulating: a read-only view). */
export function canUploadResource(access: CourseAccess): boolean {
  return can(access, 'activity.manage');
}

/** Changing or deleting one: its uploader only, and only while they may still upload to the activity. */
export function canDeleteResource(
  access: CourseAccess,
  userId: number,
  resource: { createdBy: number },
): boolean {
  return resource.createdBy === userId && canUploadResource(access);
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
