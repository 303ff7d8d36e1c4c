import { ANNOUNCE_SCORE_TYPES, type HomeworkData } from './homework-settings.ts';

/**
 * Homework rules both sides apply: the score format, statuses, score publishing, and when a hand-in is
 * accepted. Pure functions, so the marking form and the server always agree.
 */

/** Addendum section 3: a submitter's status in the marking list. Numbers are the wire values. */
export const HOMEWORK_STATUS = {
  submitted: 1,
  makeUp: 2,
  unsubmitted: 3,
  askedMakeUp: 4,
  redo: 5,
} as const;
export type HomeworkStatus = (typeof HOMEWORK_STATUS)[keyof typeof HOMEWORK_STATUS];
export const HOMEWORK_STATUS_VALUES = Object.values(HOMEWORK_STATUS) as HomeworkStatus[];

/** Recommended work is visible to classmates. */
export const RECOMMEND = { no: 0, yes: 1 } as const;

/**
 * Addendum section 5: one or two digits with an optional single decimal, or 100 / 100.0. Anything else is
 * refused with `homework.validationScore` (100.5, 7.25, 101, -1, empty, words).
 */
export const HOMEWORK_SCORE_PATTERN = /^(?:\d{1,2}(?:\.\d)?|100(?:\.0)?)$/;

/** Whether a score (as typed, or as a number) follows the homework score rule. */
export function isValidHomeworkScore(value: string | number | null | undefined): boolean {
  if (value === null || value === undefined) return false;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return false;
    // A number carries no typed form: 7.5 and 7.50 are the same value, so only the value is judged.
    const tenths = Math.round(value * 10);
    return Math.abs(tenths - value * 10) < 1e-9 && tenths >= 0 && tenths <= 1000;
  }
  return HOMEWORK_SCORE_PATTERN.test(value.trim());
}

/** The score as a number once it passed the rule. */
export function parseHomeworkScore(value: string | number): number {
  return typeof value === 'number' ? Math.round(value * 10) / 10 : Number(value.trim());
}

export type AnnounceSettings = Pick<HomeworkData, 'announceScoreType' | 'announceScoreTime'>;

/**
 * Addendum section 5: a custom publish time is required for type 3 and not earlier than the close time
 * (the activity's end_time). Returns the message key of the problem, or null.
 */
export function announceTimeProblem(
  settings: AnnounceSettings,
  endTime: string | null | undefined,
): 'homework.announceTimeRequired' | 'homework.announceTimeBeforeClose' | null {
  if (settings.announceScoreType !== ANNOUNCE_SCORE_TYPES.customTime) return null;
  if (!settings.announceScoreTime) return 'homework.announceTimeRequired';
  if (endTime && Date.parse(settings.announceScoreTime) < Date.parse(endTime)) {
    return 'homework.announceTimeBeforeClose';
  }
  return null;
}

/**
 * Does a student see their score (and the marker's comment)? Type 1 only once the instructor publishes
 * (isAnnounceMark 1); type 2 at once; type 3 from the chosen time, or earlier if published by hand.
 */
export function isScoreVisibleToStudent(
  settings: Pick<HomeworkData, 'announceScoreType' | 'announceScoreTime' | 'isAnnounceMark'>,
  now: Date = new Date(),
): boolean {
  if (settings.isAnnounceMark === 1) return true;
  switch (settings.announceScoreType) {
    case ANNOUNCE_SCORE_TYPES.now:
      return true;
    case ANNOUNCE_SCORE_TYPES.customTime:
      return (
        Boolean(settings.announceScoreTime) && Date.parse(settings.announceScoreTime ?? '') <= now.getTime()
      );
    default:
      return false;
  }
}

export type SubmissionWindow =
  | { open: true; late: boolean; makeUp: boolean }
  | { open: false; reason: 'homework.notStarted' | 'homework.deadlinePassed' };

/**
 * Whether a hand-in is accepted now. Before the start: not yet. Up to the deadline (end_time; none means
 * no deadline): on time. After it: inside the submitter's make-up window (granted by the instructor) as a
 * make-up; otherwise late, if the homework allows late hand-ins and their own end has not passed.
 */
export function submissionWindow(
  activity: { start_time: string | null; end_time: string | null },
  settings: Pick<HomeworkData, 'allow_late_submission' | 'late_submission_end_time'>,
  makeUpEndTime: string | null,
  now: Date = new Date(),
): SubmissionWindow {
  const at = now.getTime();
  if (activity.start_time && Date.parse(activity.start_time) > at) {
    return { open: false, reason: 'homework.notStarted' };
  }
  if (!activity.end_time || Date.parse(activity.end_time) >= at)
    return { open: true, late: false, makeUp: false };
  if (makeUpEndTime && Date.parse(makeUpEndTime) >= at) return { open: true, late: false, makeUp: true };
  if (
    settings.allow_late_submission &&
    (!settings.late_submission_end_time || Date.parse(settings.late_submission_end_time) >= at)
  ) {
    return { open: true, late: true, makeUp: false };
  }
  return { open: false, reason: 'homework.deadlinePassed' };
}

/** Hand-ins left for a submitter (null: unlimited). A redo request grants one more. */
export function submissionsLeft(
  submitTimes: number | null,
  used: number,
  redoGranted: number,
): number | null {
  if (submitTimes === null) return null;
  return Math.max(0, submitTimes + redoGranted - used);
}
