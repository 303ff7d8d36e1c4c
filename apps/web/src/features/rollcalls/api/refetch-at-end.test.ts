import { afterEach, describe, expect, it, vi } from 'vitest';
import { untilFirstEnd } from './refetch-at-end.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('untilFirstEnd', () => {
  it('waits until a second after the first running roll call ends', () => {
    vi.useFakeTimers({ now: new Date('2026-03-02T08:00:00.000Z') });
    expect(
      untilFirstEnd([
        { ends_at: '2026-03-02T08:05:00.000Z', status: 'in_progress' },
        { ends_at: '2026-03-02T08:01:00.000Z', status: 'in_progress' },
        { ends_at: '2026-03-02T08:00:10.000Z', status: 'finished' },
      ]),
    ).toBe(61_000);
  });

  it('does not poll when nothing runs', () => {
    expect(untilFirstEnd(undefined)).toBe(false);
    expect(untilFirstEnd([{ ends_at: null }])).toBe(false);
    expect(untilFirstEnd([{ ends_at: '2020-01-01T00:00:00.000Z', status: 'in_progress' }])).toBe(false);
  });
});
