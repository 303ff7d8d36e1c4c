export interface Throttled<A extends unknown[]> {
  (...args: A): void;
  /** Drops a pending trailing call and forgets the last run, e.g. when the component unmounts. */
  cancel(): void;
}

export interface ThrottleOptions {
  /**
   * Also run once at the end of the interval with the last arguments given during it. Scroll handlers
   * want this (the final position counts); submit and like buttons must not (a double click is one post).
   */
  trailing?: boolean;
  /** Clock, replaceable in tests. */
  now?: () => number;
}

/** Runs `fn` at once, then at most once per `wait` ms; calls in between are dropped (or deferred, see trailing). */
export function throttle<A extends unknown[]>(
  fn: (...args: A) => void,
  wait: number,
  { trailing = false, now = Date.now }: ThrottleOptions = {},
): Throttled<A> {
  let last: number | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let pendingArgs: A | null = null;

  const run = (args: A) => {
    last = now();
    fn(...args);
  };

  const throttled = (...args: A) => {
    const elapsed = last === null ? Infinity : now() - last;
    if (elapsed >= wait) {
      if (timer !== null) {
        clearTimeout(timer);
        timer = null;
      }
      pendingArgs = null;
      run(args);
      return;
    }
    if (!trailing) return;
    pendingArgs = args;
    timer ??= setTimeout(() => {
      timer = null;
      const next = pendingArgs;
      pendingArgs = null;
      if (next) run(next);
    }, wait - elapsed);
  };
  throttled.cancel = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    pendingArgs = null;
    last = null;
  };
  return throttled;
}

/** Runs `fn` once `wait` ms have passed without another call, with the last arguments given. */
export function debounce<A extends unknown[]>(fn: (...args: A) => void, wait: number): Throttled<A> {
  let timer: ReturnType<typeof setTimeout> | null = null;
  const debounced = (...args: A) => {
    if (timer !== null) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      fn(...args);
    }, wait);
  };
  debounced.cancel = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };
  return debounced;
}
