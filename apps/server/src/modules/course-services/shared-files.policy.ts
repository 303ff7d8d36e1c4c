import { isTeaching } from '@lectern/contracts/courses/course-roles';
import type { CourseAccess } from '../courses/courses.policy.ts';

/**
 * Who may share files to a course and take them out again. Sharing is for its teaching team (an
 * administrator's oversight is not teaching, and an instructor viewing the course as a student writes
 * nothing); a share is taken out by whoever made it or by the teaching team.
 */
export function teaches(access: CourseAccess): boolean {
  return isTeaching(access.roles) && !access.simulating;
}

export function canUnshare(access: CourseAccess, share: { sharedBy: number | null }): boolean {
  if (access.simulating) return false;
  return teaches(access) || (share.sharedBy !== null && share.sharedBy === access.userId);
}
