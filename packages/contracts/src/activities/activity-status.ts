/** Derived activity status (spec 001 section 4). */
export const ACTIVITY_STATUSES = ['notStarted', 'inProgress', 'expired'] as const;
export type ActivityStatus = (typeof ACTIVITY_STATUSES)[number];

export type ActivityTimes = {
  start_time: string | null;
  end_time: string | null;
  /** For recurring meetings: the end of the last sub-meeting, which outranks end_time. */
  last_sub_meeting_end_time?: string | null;
};

/**
 * notStarted if the start time is in the future; inProgress if the last sub-meeting end (or, without
 * one, the end time) is missing or in the future; otherwise expired.
 */
export function deriveActivityStatus(times: ActivityTimes, now: Date = new Date()): ActivityStatus {
  const at = now.getTime();
  if (times.start_time && Date.parse(times.start_time) > at) return 'notStarted';
  const end = times.last_sub_meeting_end_time ?? times.end_time;
  if (!end || Date.parse(end) > at) return 'inProgress';
  return 'expired';
}
