import { describe, expect, it } from 'vitest';
import {
  isMeetingFormType,
  lessonFieldsEditable,
  lessonReplayPhase,
  lockedMeetingFields,
  trialTeachingEditable,
} from './meeting-rules.ts';

const NOW = Date.parse('2026-03-01T12:00:00.000Z');
const HOUR = 3_600_000;
const iso = (offset: number) => new Date(NOW + offset).toISOString();

describe('lesson replay', () => {
  it('tips: not started before the lesson, recording during it, processing after', () => {
    const lesson = { lesson_start_time: iso(-HOUR), lesson_end_time: iso(HOUR) };
    expect(lessonReplayPhase({ lesson_start_time: iso(HOUR), lesson_end_time: iso(2 * HOUR) }, NOW)).toBe(
      'before',
    );
    expect(lessonReplayPhase(lesson, NOW)).toBe('recording');
    expect(lessonReplayPhase({ ...lesson, lesson_end_time: iso(-1) }, NOW)).toBe('processing');
    expect(lessonReplayPhase({}, NOW)).toBe('before');
  });

  it('lesson fields are editable when there is no lesson yet or while its start is ahead', () => {
    expect(lessonFieldsEditable(null, NOW)).toBe(true);
    expect(lessonFieldsEditable(iso(1), NOW)).toBe(true);
    expect(lessonFieldsEditable(iso(0), NOW)).toBe(false);
  });
});

describe('meeting form locks', () => {
  const stored = (start: number, end: number, data: Record<string, unknown> = {}) => ({
    start_time: iso(start),
    end_time: iso(end),
    data,
  });

  it('locks nothing when creating', () => {
    for (const type of ['dingtalk_live', 'classin', 'lesson_replay', 'trial_teaching'] as const) {
      expect(lockedMeetingFields(type, null, NOW).size).toBe(0);
    }
  });

  it('locks a Dingtalk live’s start, end and host once started or closed', () => {
    expect([...lockedMeetingFields('dingtalk_live', stored(HOUR, 2 * HOUR), NOW)]).toEqual([]);
    const started = lockedMeetingFields('dingtalk_live', stored(-1, HOUR), NOW);
    expect([...started].sort()).toEqual(['end_time', 'host', 'start_time']);
    expect(lockedMeetingFields('dingtalk_live', stored(-2 * HOUR, -HOUR), NOW).has('host')).toBe(true);
  });

  it('locks a ClassIn’s start, end and playback on every update', () => {
    expect([...lockedMeetingFields('classin', stored(HOUR, 2 * HOUR), NOW)].sort()).toEqual([
      'end_time',
      'playback',
      'start_time',
    ]);
  });

  it('locks a lesson replay’s lesson times once the lesson has begun', () => {
    const ahead = stored(-HOUR, HOUR, { lesson_start_time: iso(HOUR) });
    expect(lockedMeetingFields('lesson_replay', ahead, NOW).size).toBe(0);
    const begun = stored(-HOUR, HOUR, { lesson_start_time: iso(-HOUR) });
    expect([...lockedMeetingFields('lesson_replay', begun, NOW)].sort()).toEqual([
      'lesson_end_time',
      'lesson_start_time',
    ]);
  });

  it('edits a trial teaching only before it starts', () => {
    expect(trialTeachingEditable(null, NOW)).toBe(true);
    expect(trialTeachingEditable({ start_time: iso(HOUR) }, NOW)).toBe(true);
    expect(trialTeachingEditable({ start_time: iso(-1) }, NOW)).toBe(false);
    expect(trialTeachingEditable({ start_time: null }, NOW)).toBe(true);
  });

  it('knows which types have a form of their own', () => {
    expect(isMeetingFormType('dingtalk_live')).toBe(true);
    expect(isMeetingFormType('wecom_meeting')).toBe(false);
    expect(isMeetingFormType(undefined)).toBe(false);
  });
});
