import { describe, expect, it } from 'vitest';
import { formatRelativeTime } from './relative-time.ts';

const NOW = Date.parse('2026-11-26T08:00:00.000Z');

describe('formatRelativeTime', () => {
  it('names the largest whole unit, ahead or behind', () => {
    expect(formatRelativeTime('2026-11-26T11:30:00.000Z', 'en-US', NOW)).toBe('in 3 hours');
    expect(formatRelativeTime('2026-11-24T08:00:00.000Z', 'en-US', NOW)).toBe('2 days ago');
    expect(formatRelativeTime('2026-11-26T08:20:00.000Z', 'en-US', NOW)).toBe('in 20 minutes');
  });

  it('never says zero for a moment just ahead', () => {
    expect(formatRelativeTime('2026-11-26T08:00:10.000Z', 'en-US', NOW)).toBe('in 1 minute');
  });

  it('speaks the UI language', () => {
    expect(formatRelativeTime('2026-11-26T11:00:00.000Z', 'zh-CN', NOW)).toBe('3小时后');
    expect(formatRelativeTime('2026-11-26T11:00:00.000Z', 'zh-TW', NOW)).toBe('3 小時後');
  });

  it('gives nothing for an unreadable time', () => {
    expect(formatRelativeTime('not a time', 'en-US', NOW)).toBe('');
  });
});
