import { describe, expect, it } from 'vitest';
import { attemptDeadline } from './attempt-deadline.ts';

describe('attemptDeadline', () => {
  const start = new Date('2026-01-01T08:00:00Z');

  it('is the end time without a limit, and null with neither', () => {
    const end = new Date('2026-01-08T08:00:00Z');
    expect(attemptDeadline(end, start, null)).toEqual(end);
    expect(attemptDeadline(null, start, undefined)).toBeNull();
  });

  it('counts the limit from the distribution, capped by the end time', () => {
    expect(attemptDeadline(null, start, 90)?.toISOString()).toBe('2026-01-01T09:30:00.000Z');
    const soon = new Date('2026-01-01T08:30:00Z');
    expect(attemptDeadline(soon, start, 90)).toEqual(soon);
  });
});
