import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { formatDateTime, fromWire, toWire } from './date-time.ts';

// The web test project runs with TZ=UTC, so "the user's zone" is UTC here.
describe('date-time', () => {
  it('formats wire timestamps for display', () => {
    expect(formatDateTime('2025-03-01T00:30:05.000Z')).toBe('2025-03-01 00:30:05');
    expect(formatDateTime('2025-03-01T08:30:05+08:00')).toBe('2025-03-01 00:30:05');
  });

  it('shows nothing for missing or unreadable values', () => {
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime(undefined)).toBe('');
    expect(formatDateTime('not a date')).toBe('');
  });

  it('sends UTC ISO strings', () => {
    expect(toWire(dayjs('2025-03-01T08:30:00+08:00'))).toBe('2025-03-01T00:30:00.000Z');
  });

  it('reads wire values back', () => {
    expect(fromWire('2025-03-01T00:30:00.000Z')?.toISOString()).toBe('2025-03-01T00:30:00.000Z');
    expect(fromWire(null)).toBeNull();
    expect(fromWire('garbage')).toBeNull();
  });
});
