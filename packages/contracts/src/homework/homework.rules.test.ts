import { describe, expect, it } from 'vitest';
import { HomeworkDataSchema, homeworkSettings } from './homework-settings.ts';
import {
  announceTimeProblem,
  isScoreVisibleToStudent,
  isValidHomeworkScore,
  parseHomeworkScore,
  submissionWindow,
  submissionsLeft,
} from './homework.rules.ts';
import { GiveHomeworkScoreRequestSchema } from './homework.schemas.ts';

describe('the homework score rule', () => {
  it.each(['0', '7', '59', '99', '99.9', '7.5', '0.5', '100', '100.0', ' 85 '])('accepts %j', (score) => {
    expect(isValidHomeworkScore(score)).toBe(true);
  });

  it.each(['100.5', '7.25', '101', '-1', '', 'abc', '100.00', '1e1', '.5', '5.', '007'])(
    'refuses %j',
    (score) => {
      expect(isValidHomeworkScore(score)).toBe(false);
    },
  );

  it('judges numbers by value', () => {
    expect(isValidHomeworkScore(100)).toBe(true);
    expect(isValidHomeworkScore(7.5)).toBe(true);
    expect(isValidHomeworkScore(100.5)).toBe(false);
    expect(isValidHomeworkScore(7.25)).toBe(false);
    expect(isValidHomeworkScore(101)).toBe(false);
    expect(isValidHomeworkScore(-1)).toBe(false);
    expect(isValidHomeworkScore(Number.NaN)).toBe(false);
    expect(isValidHomeworkScore(null)).toBe(false);
  });

  it('parses what it accepted', () => {
    expect(parseHomeworkScore('99.9')).toBe(99.9);
    expect(parseHomeworkScore('100.0')).toBe(100);
    expect(parseHomeworkScore(7.5)).toBe(7.5);
  });

  it('refuses an invalid score in the request with homework.validationScore', () => {
    const result = GiveHomeworkScoreRequestSchema.safeParse({ id: 1, score: '7.25' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('homework.validationScore');
    expect(GiveHomeworkScoreRequestSchema.safeParse({ id: 1, score: '100.0' }).success).toBe(true);
  });
});

describe('the publish rule', () => {
  const close = '2026-12-01T10:00:00.000Z';

  it('needs a time for a custom publish type, not earlier than the close time', () => {
    expect(announceTimeProblem({ announceScoreType: 3, announceScoreTime: null }, close)).toBe(
      'homework.announceTimeRequired',
    );
    expect(
      announceTimeProblem({ announceScoreType: 3, announceScoreTime: '2026-12-01T09:59:00Z' }, close),
    ).toBe('homework.announceTimeBeforeClose');
    expect(announceTimeProblem({ announceScoreType: 3, announceScoreTime: close }, close)).toBeNull();
    expect(announceTimeProblem({ announceScoreType: 2, announceScoreTime: null }, close)).toBeNull();
    expect(
      announceTimeProblem({ announceScoreType: 3, announceScoreTime: '2026-01-01T00:00:00Z' }, null),
    ).toBeNull();
  });

  it('refuses type 3 without a time in the activity data', () => {
    const parsed = HomeworkDataSchema.safeParse({ announceScoreType: 3 });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.path).toEqual(['announceScoreTime']);
  });

  it('fills defaults: publish now, not yet announced, threshold 30', () => {
    const settings = homeworkSettings({});
    expect(settings.announceScoreType).toBe(2);
    expect(settings.isAnnounceMark).toBe(0);
    expect(settings.duplicate_check_threshold).toBe(30);
    expect(settings.submit_times).toBeNull();
  });

  it('shows scores by type: never until published, at once, or from the time', () => {
    const now = new Date('2026-12-02T00:00:00Z');
    expect(
      isScoreVisibleToStudent({ announceScoreType: 1, isAnnounceMark: 0, announceScoreTime: null }, now),
    ).toBe(false);
    expect(
      isScoreVisibleToStudent({ announceScoreType: 1, isAnnounceMark: 1, announceScoreTime: null }, now),
    ).toBe(true);
    expect(
      isScoreVisibleToStudent({ announceScoreType: 2, isAnnounceMark: 0, announceScoreTime: null }, now),
    ).toBe(true);
    const later = {
      announceScoreType: 3 as const,
      isAnnounceMark: 0 as const,
      announceScoreTime: '2026-12-03T00:00:00Z',
    };
    expect(isScoreVisibleToStudent(later, now)).toBe(false);
    expect(isScoreVisibleToStudent(later, new Date('2026-12-03T00:00:00Z'))).toBe(true);
  });
});

describe('the hand-in window', () => {
  const activity = { start_time: '2026-12-01T00:00:00Z', end_time: '2026-12-05T00:00:00Z' };
  const strict = { allow_late_submission: false, late_submission_end_time: null };

  it('is closed before the start and after the deadline', () => {
    expect(submissionWindow(activity, strict, null, new Date('2026-11-30T00:00:00Z'))).toEqual({
      open: false,
      reason: 'homework.notStarted',
    });
    expect(submissionWindow(activity, strict, null, new Date('2026-12-03T00:00:00Z'))).toEqual({
      open: true,
      late: false,
      makeUp: false,
    });
    expect(submissionWindow(activity, strict, null, new Date('2026-12-06T00:00:00Z'))).toEqual({
      open: false,
      reason: 'homework.deadlinePassed',
    });
  });

  it('opens a make-up window after the deadline', () => {
    const window = submissionWindow(
      activity,
      strict,
      '2026-12-07T00:00:00Z',
      new Date('2026-12-06T00:00:00Z'),
    );
    expect(window).toEqual({ open: true, late: false, makeUp: true });
    expect(
      submissionWindow(activity, strict, '2026-12-07T00:00:00Z', new Date('2026-12-08T00:00:00Z')).open,
    ).toBe(false);
  });

  it('takes late hand-ins only when allowed and until their end', () => {
    const late = { allow_late_submission: true, late_submission_end_time: '2026-12-06T12:00:00Z' };
    expect(submissionWindow(activity, late, null, new Date('2026-12-06T00:00:00Z'))).toEqual({
      open: true,
      late: true,
      makeUp: false,
    });
    expect(submissionWindow(activity, late, null, new Date('2026-12-07T00:00:00Z')).open).toBe(false);
  });

  it('counts hand-ins left, a redo granting one more', () => {
    expect(submissionsLeft(null, 5, 0)).toBeNull();
    expect(submissionsLeft(2, 2, 0)).toBe(0);
    expect(submissionsLeft(2, 2, 1)).toBe(1);
  });
});
