import { useIsFetching } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

/** How long nothing may be fetching before the page counts as settled. */
const QUIET_MS = 1000;
/**
 * The longest a page waits after loading, quiet or not: a slow or endless request must not keep the
 * top bar's language switcher and bell away for good.
 */
const MAX_WAIT_MS = 4000;

type IdleWindow = Window & {
  requestIdleCallback?: (callback: () => void, options?: { timeout: number }) => number;
  cancelIdleCallback?: (handle: number) => void;
};

/**
 * False until the page has settled — the document loaded, no query fetching for a quiet second, then an
 * idle moment, or at most a few seconds after loading — or the user first presses a key or a pointer;
 * true from then on. For widgets a page does
 * not draw first (decision 0014): mounted then, their code is not part of what the page waits for.
 */
export function usePageSettled(): boolean {
  const fetching = useIsFetching();
  const [loaded, setLoaded] = useState(() => document.readyState === 'complete');
  const [settled, setSettled] = useState(false);

  useEffect(() => {
    if (loaded) return;
    const onLoad = () => setLoaded(true);
    window.addEventListener('load', onLoad, { once: true });
    return () => window.removeEventListener('load', onLoad);
  }, [loaded]);

  useEffect(() => {
    if (settled) return;
    // Someone using the page wants all of it now.
    const settle = () => setSettled(true);
    window.addEventListener('pointerdown', settle, { capture: true, once: true });
    window.addEventListener('keydown', settle, { capture: true, once: true });
    return () => {
      window.removeEventListener('pointerdown', settle, { capture: true });
      window.removeEventListener('keydown', settle, { capture: true });
    };
  }, [settled]);

  useEffect(() => {
    if (settled || !loaded) return;
    const cap = setTimeout(() => setSettled(true), MAX_WAIT_MS);
    return () => clearTimeout(cap);
  }, [settled, loaded]);

  useEffect(() => {
    if (settled || !loaded || fetching > 0) return;
    const idleWindow: IdleWindow = window;
    let idle: number | undefined;
    const quiet = setTimeout(() => {
      if (idleWindow.requestIdleCallback) {
        idle = idleWindow.requestIdleCallback(() => setSettled(true), { timeout: QUIET_MS });
      } else {
        setSettled(true);
      }
    }, QUIET_MS);
    return () => {
      clearTimeout(quiet);
      if (idle !== undefined) idleWindow.cancelIdleCallback?.(idle);
    };
  }, [settled, loaded, fetching]);

  return settled;
}
