import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { nextProgress, PROGRESS_TICK_MS, useSimulatedProgress } from './simulated-progress.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('nextProgress', () => {
  it('rises by 2 to 10 and stops at 90', () => {
    expect(nextProgress(0, 0)).toBe(2);
    expect(nextProgress(0, 0.9999)).toBe(10);
    expect(nextProgress(85, 0.9999)).toBe(90);
    expect(nextProgress(90, 0.5)).toBe(90);
  });
});

describe('useSimulatedProgress', () => {
  it('rises every second, never past 90 before the work is done, and shows 100 when it is', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useSimulatedProgress());
    expect(result.current.percent).toBeNull();

    act(() => result.current.start());
    expect(result.current.percent).toBe(0);
    const seen: number[] = [];
    for (let second = 0; second < 40; second += 1) {
      act(() => {
        vi.advanceTimersByTime(PROGRESS_TICK_MS);
      });
      seen.push(result.current.percent ?? -1);
    }
    expect(seen[0]).toBeGreaterThanOrEqual(2);
    expect(seen[0]).toBeLessThanOrEqual(10);
    seen.forEach((percent, index) => {
      expect(percent).toBeLessThanOrEqual(90);
      if (index > 0) expect(percent).toBeGreaterThanOrEqual(seen[index - 1]!);
    });
    expect(seen.at(-1)).toBe(90);

    act(() => result.current.finish());
    expect(result.current.percent).toBe(100);
    act(() => {
      vi.advanceTimersByTime(10 * PROGRESS_TICK_MS);
    });
    expect(result.current.percent).toBe(100);

    act(() => result.current.reset());
    expect(result.current.percent).toBeNull();
  });
});
