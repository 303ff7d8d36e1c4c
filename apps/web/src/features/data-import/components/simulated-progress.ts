import { useCallback, useEffect, useRef, useState } from 'react';

/** Spec 000 sections 4 and 9: the bar stops at 90 until the work is done. */
export const PROGRESS_CEILING = 90;
export const PROGRESS_TICK_MS = 1000;

/** One tick: up by a random 2–10, never past the ceiling. `random` is in [0, 1). */
export function nextProgress(current: number, random: number): number {
  const step = 2 + Math.floor(random * 9);
  return Math.min(PROGRESS_CEILING, current + step);
}

export interface SimulatedProgress {
  /** 0–100 while shown; null when there is nothing to show. */
  percent: number | null;
  start: () => void;
  finish: () => void;
  reset: () => void;
}

/**
 * Progress for work whose real progress is unknown (uploading, converting and parsing a document): it
 * rises by 2–10 every second up to 90 and jumps to 100 when the work finishes.
 */
export function useSimulatedProgress(): SimulatedProgress {
  const [percent, setPercent] = useState<number | null>(null);
  const timer = useRef<ReturnType<typeof setInterval> | null>(null);

  const stop = useCallback(() => {
    if (timer.current !== null) clearInterval(timer.current);
    timer.current = null;
  }, []);

  useEffect(() => stop, [stop]);

  const start = useCallback(() => {
    stop();
    setPercent(0);
    timer.current = setInterval(() => {
      setPercent((current) => nextProgress(current ?? 0, Math.random()));
    }, PROGRESS_TICK_MS);
  }, [stop]);

  const finish = useCallback(() => {
    stop();
    setPercent(100);
  }, [stop]);

  const reset = useCallback(() => {
    stop();
    setPercent(null);
  }, [stop]);

  return { percent, start, finish, reset };
}
