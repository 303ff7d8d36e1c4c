/**
 * The time rules of meeting activities (spec 001 §4, §9), shared by the server, which enforces them, and
 * the web, which shows them.
 */
export const PLAYBACK_DELAY_MS = 30 * 60_000;
export const PARTICIPANTS_DELAY_MS = 60 * 60_000;
/** The participants pager shows only above this many rows; the table scrolls within this height. */
export const PARTICIPANTS_PAGER_THRESHOLD = 10;
export const PARTICIPANTS_TABLE_MAX_HEIGHT = 610;
export const DINGTALK_MODAL_WIDTH = 900;
export const DINGTALK_COVER_EXTENSIONS = ['jpg', 'jpeg', 'png', 'webp'] as const;

export type MeetingStatus = 'not_started' | 'in_progress' | 'expired';

type Timed = { start_time: string | null; end_time: string | null };

function ms(value: string | null | undefined): number | null {
  if (!value) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : time;
}

/** Not started while the start is ahead; in progress while the end is missing or ahead; else expired. */
export function meetingStatus(activity: Timed, now: number): MeetingStatus {
  const start = ms(activity.start_time);
  if (start !== null && start > now) return 'not_started';
  const end = ms(activity.end_time);
  if (end === null || end > now) return 'in_progress';
  return 'expired';
}

/** When replays may be shown: 30 minutes after the end (null: the meeting has no end). */
export function playbackAvailableAt(endTime: string | null): number | null {
  const end = ms(endTime);
  return end === null ? null : end + PLAYBACK_DELAY_MS;
}

/** When the participant list opens: 1 hour after the end. */
export function participantsAvailableAt(endTime: string | null): number | null {
  const end = ms(endTime);
  return end === null ? null : end + PARTICIPANTS_DELAY_MS;
}

/** `playback` arrives as a boolean or, from the ClassIn form, as 0/1. */
export function playbackEnabled(value: unknown): boolean {
  return value === true || value === 1;
}

/**
 * The fields an update may not change (spec 001 §4): Dingtalk live locks start, end and host once the
 * activity has started or closed; ClassIn never changes start, end and playback after creation.
 */
export const DINGTALK_LOCKED_FIELDS = ['start_time', 'end_time', 'data.host', 'data.host_user_id'] as const;
export const CLASSIN_LOCKED_FIELDS = ['start_time', 'end_time', 'data.playback'] as const;
export const LESSON_FIELDS = ['data.lesson_start_time', 'data.lesson_end_time'] as const;

/** Lesson fields are editable when creating or while the lesson start is still ahead. */
export function lessonFieldsEditable(lessonStart: string | null | undefined, now: number): boolean {
  const start = ms(lessonStart);
  return start === null || start > now;
}

export type LessonReplayPhase = 'before' | 'recording' | 'processing';

export function lessonReplayPhase(
  lesson: { lesson_start_time?: string | null; lesson_end_time?: string | null },
  now: number,
): LessonReplayPhase {
  const start = ms(lesson.lesson_start_time);
  const end = ms(lesson.lesson_end_time);
  if (start === null || start > now) return 'before';
  if (end === null || end > now) return 'recording';
  return 'processing';
}

/** The edit label reads "submit again" when cloud classroom is on and the review rejected it. */
export function submitAgain(cloudClassroom: boolean, auditStatus: unknown): boolean {
  return cloudClassroom && auditStatus === 3;
}

/** The meeting types with a form of their own (spec 001 "Dingtalk-live create/edit modal", "ClassIn form"). */
export const MEETING_FORM_TYPES = ['dingtalk_live', 'classin', 'lesson_replay', 'trial_teaching'] as const;
export type MeetingFormType = (typeof MEETING_FORM_TYPES)[number];

export function isMeetingFormType(type: string | undefined | null): type is MeetingFormType {
  return (MEETING_FORM_TYPES as readonly (string | undefined | null)[]).includes(type);
}

export type MeetingFormField =
  'start_time' | 'end_time' | 'host' | 'playback' | 'lesson_start_time' | 'lesson_end_time';

/**
 * The inputs an edit may not change, as the server's form rules judge them (spec 001 §4): nothing when
 * creating; a Dingtalk live's start, end and host once it has started or closed; a ClassIn's start, end
 * and playback always; a lesson replay's lesson times once the lesson has begun.
 */
export function lockedMeetingFields(
  type: MeetingFormType,
  existing: {
    start_time: string | null;
    end_time: string | null;
    data: Record<string, unknown>;
  } | null,
  now: number,
): ReadonlySet<MeetingFormField> {
  if (!existing) return new Set();
  if (type === 'dingtalk_live') {
    const start = ms(existing.start_time);
    const end = ms(existing.end_time);
    const startedOrClosed = (start !== null && start <= now) || (end !== null && end <= now);
    return new Set(startedOrClosed ? (['start_time', 'end_time', 'host'] as const) : []);
  }
  if (type === 'classin') return new Set(['start_time', 'end_time', 'playback'] as const);
  // A trial teaching is edited whole or not at all: see trialTeachingEditable.
  if (type === 'trial_teaching') return new Set();
  const lessonStart = existing.data.lesson_start_time;
  return lessonFieldsEditable(typeof lessonStart === 'string' ? lessonStart : null, now)
    ? new Set()
    : new Set(['lesson_start_time', 'lesson_end_time'] as const);
}

/** A trial teaching is edited only before it starts (the server refuses any later update). */
export function trialTeachingEditable(existing: { start_time: string | null } | null, now: number): boolean {
  if (!existing) return true;
  const start = ms(existing.start_time);
  return start === null || start > now;
}
