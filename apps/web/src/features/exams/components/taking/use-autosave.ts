import { useCallback, useEffect, useRef, useState } from 'react';

/** Quiet time after the last change before a draft is sent (the student is probably still typing). */
export const AUTOSAVE_DEBOUNCE_MS = 2_000;
/** A draft is also sent on this beat while there are unsaved changes, so a long edit is never all lost. */
export const AUTOSAVE_INTERVAL_MS = 30_000;

export type AutosaveStatus =
  { state: 'idle' } | { state: 'saving' } | { state: 'saved'; at: Date } | { state: 'error'; error: unknown };

export interface AutosaveOptions<T> {
  value: T;
  /** Sends a draft; rejects when the server refuses it (the value is kept and retried on the next change). */
  save: (value: T) => Promise<void>;
  /** Best-effort send while the page goes away (the browser may not wait for an ordinary request). */
  saveOnExit?: (value: T) => void;
  /** Off once the paper is submitted or before it is loaded. */
  enabled: boolean;
}

/**
 * Saves drafts in the background: 2 s after the last change, every 30 s while changes are unsaved, and
 * when the page is hidden or closed. Saves never overlap; a change made during a save is sent after it.
 */
export function useAutosave<T>({ value, save, saveOnExit, enabled }: AutosaveOptions<T>) {
  const [status, setStatus] = useState<AutosaveStatus>({ state: 'idle' });
  const latest = useRef(value);
  const version = useRef(0);
  const savedVersion = useRef(0);
  const inFlight = useRef<Promise<void> | null>(null);
  const saveRef = useRef(save);
  const exitRef = useRef(saveOnExit);
  const enabledRef = useRef(enabled);

  useEffect(() => {
    saveRef.current = save;
    exitRef.current = saveOnExit;
    enabledRef.current = enabled;
  });

  const flush = useCallback(async (): Promise<void> => {
    // One save at a time: wait for the one under way, then send whatever changed meanwhile.
    while (enabledRef.current) {
      if (inFlight.current) {
        await inFlight.current;
        continue;
      }
      if (version.current === savedVersion.current) return;
      const sending = version.current;
      setStatus({ state: 'saving' });
      let failed = false;
      const run = (async () => {
        try {
          await saveRef.current(latest.current);
          savedVersion.current = Math.max(savedVersion.current, sending);
          setStatus({ state: 'saved', at: new Date() });
        } catch (error) {
          failed = true;
          setStatus({ state: 'error', error });
        }
      })();
      inFlight.current = run;
      try {
        await run;
      } finally {
        inFlight.current = null;
      }
      // A refused draft is retried on the next change or beat, not in a tight loop.
      if (failed) return;
    }
  }, []);

  /** Records a change; the draft goes out once the student pauses. */
  const markChanged = useCallback((next: T) => {
    latest.current = next;
    version.current += 1;
  }, []);

  useEffect(() => {
    latest.current = value;
  }, [value]);

  // Debounce: every new value restarts the 2 s wait.
  useEffect(() => {
    if (!enabled || version.current === savedVersion.current) return;
    const timer = window.setTimeout(() => void flush(), AUTOSAVE_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [value, enabled, flush]);

  useEffect(() => {
    if (!enabled) return;
    const timer = window.setInterval(() => void flush(), AUTOSAVE_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [enabled, flush]);

  useEffect(() => {
    if (!enabled) return;
    const onHidden = () => {
      if (document.visibilityState === 'hidden') void flush();
    };
    const onPageHide = () => {
      if (version.current === savedVersion.current || !enabledRef.current) return;
      exitRef.current?.(latest.current);
    };
    document.addEventListener('visibilitychange', onHidden);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      document.removeEventListener('visibilitychange', onHidden);
      window.removeEventListener('pagehide', onPageHide);
    };
  }, [enabled, flush]);

  const hasUnsavedChanges = useCallback(() => version.current !== savedVersion.current, []);

  /** Waits for a save under way (the final submission must not race a draft). */
  const settle = useCallback(async () => {
    if (inFlight.current) await inFlight.current;
  }, []);

  return { status, markChanged, flush, settle, hasUnsavedChanges };
}
