import { describe, expect, it } from 'vitest';
import { deriveActivityStatus } from './activity-status.ts';

const now = new Date('2026-03-10T12:00:00Z');
const at = (offsetMinutes: number) => new Date(now.getTime() + offsetMinutes * 60_000).toISOString();

describe('deriveActivityStatus', () => {
  it('is notStarted while the start time is in the future', () => {
    expect(deriveActivityStatus({ start_time: at(1), end_time: at(60) }, now)).toBe('notStarted');
  });

  it('is inProgress from the very start time until the end time', () => {
    expect(deriveActivityStatus({ start_time: at(0), end_time: at(60) }, now)).toBe('inProgress');
    expect(deriveActivityStatus({ start_time: at(-60), end_time: at(1) }, now)).toBe('inProgress');
  });

  it('is expired once the end time has come', () => {
    expect(deriveActivityStatus({ start_time: at(-60), end_time: at(0) }, now)).toBe('expired');
    expect(deriveActivityStatus({ start_time: at(-60), end_time: at(-1) }, now)).toBe('expired');
  });

  it('is inProgress without an end time, and without any times at all', () => {
    expect(deriveActivityStatus({ start_time: at(-60), end_time: null }, now)).toBe('inProgress');
    expect(deriveActivityStatus({ start_time: null, end_time: null }, now)).toBe('inProgress');
  });

  it('lets the last sub-meeting end outrank the end time, both ways', () => {
    expect(
      deriveActivityStatus(
        { start_time: at(-120), end_time: at(-60), last_sub_meeting_end_time: at(30) },
        now,
      ),
    ).toBe('inProgress');
    expect(
      deriveActivityStatus(
        { start_time: at(-120), end_time: at(60), last_sub_meeting_end_time: at(-30) },
        now,
      ),
    ).toBe('expired');
  });

  it('falls back to the end time when the last sub-meeting end is null', () => {
    expect(
      deriveActivityStatus({ start_time: at(-120), end_time: at(-60), last_sub_meeting_end_time: null }, now),
    ).toBe('expired');
  });

  it('still reports notStarted for a future start even with a past last sub-meeting end', () => {
    expect(
      deriveActivityStatus({ start_time: at(10), end_time: null, last_sub_meeting_end_time: at(-10) }, now),
    ).toBe('notStarted');
  });
});
