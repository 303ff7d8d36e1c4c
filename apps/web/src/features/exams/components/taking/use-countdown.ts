import { useEffect, useRef, useState } from 'react';

/** From this much time left the page warns the student that the exam is about to close. */
export const COUNTDOWN_WARNING_MS = 5 * 60_000;

/** "1:02:03" or "02:03": hours only when there are any. */
export function formatRemaining(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const mm = String(minutes).padStart(2, '0');
  const ss = String(seconds).padStart(2, '0');
  return hours > 0 ? `${hours}:${mm}:${ss}` : `${mm}:${ss}`;
}

/**
 * Milliseconds left until `endTime` (null when the exam has no end), ticking every second. `onExpire`
 * runs once, when the time runs out while the page is open.
 */
export function useCountdown(endTime: string | null | undefined, onExpire: () => void): number | null {
  const end = endTime ? new Date(endTime).getTime() : null;
  const [now, setNow] = useState(() => Date.now());
  const expireRef = useRef(onExpire);
  const expiredFor = useRef<number | null>(null);

  useEffect(() => {
    expireRef.current = onExpire;
  });

  useEffect(() => {
    if (end === null || Number.isNaN(end)) return;
    const tick = () => {
      const current = Date.now();
      setNow(current);
      if (current >= end && expiredFor.current !== end) {
        expiredFor.current = end;
        expireRef.current();
      }
    };
    tick();
    const timer = window.setInterval(tick, 1_000);
    return () => window.clearInterval(timer);
  }, [end]);

  if (end === null || Number.isNaN(end)) return null;
  return Math.max(0, end - now);
}
