import { MEETING_TYPES } from '@lectern/contracts/activities/activity-types';
import { AppError } from '../../platform/errors.ts';
import { can, type CourseAccess } from '../courses/courses.policy.ts';

/** lecture_live is a meeting type too, but its own slice serves it. */
export function isVendorMeetingType(type: string): boolean {
  return type !== 'lecture_live' && (MEETING_TYPES as readonly string[]).includes(type);
}

/** The teaching team joins as host and sees participants; a simulating instructor is a student here. */
export function isMeetingStaff(access: CourseAccess): boolean {
  return can(access, 'activity.manage');
}

export function assertMeetingStaff(access: CourseAccess): void {
  if (!isMeetingStaff(access)) throw new AppError('forbidden', 'meetings.participantsInstructorsOnly');
}
