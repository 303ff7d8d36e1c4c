import dayjs from 'dayjs';
import { afterEach, describe, expect, it } from 'vitest';
import { formatDateTime, fromWire, setDisplayTimeZone, toWire } from './date-time.ts';

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

  describe('in the zone the user chose', () => {
    afterEach(() => setDisplayTimeZone(null));

    it('formats in that zone, and in the browser zone again once it is cleared', () => {
      setDisplayTimeZone('Asia/Shanghai');
      expect(formatDateTime('2025-03-01T20:30:05.000Z')).toBe('2025-03-02 04:30:05');
      setDisplayTimeZone('America/New_York');
      expect(formatDateTime('2025-03-01T20:30:05.000Z', 'YYYY-MM-DD HH:mm')).toBe('2025-03-01 15:30');
      setDisplayTimeZone(null);
      expect(formatDateTime('2025-03-01T20:30:05.000Z')).toBe('2025-03-01 20:30:05');
    });

    it('still sends UTC', () => {
      setDisplayTimeZone('Asia/Shanghai');
      expect(toWire(dayjs('2025-03-01T08:30:00+08:00'))).toBe('2025-03-01T00:30:00.000Z');
    });
  });
});
