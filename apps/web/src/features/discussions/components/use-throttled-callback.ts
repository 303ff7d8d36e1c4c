import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { debounce, throttle, type Throttled, type ThrottleOptions } from './throttle.ts';

/**
 * A throttled version of `fn` that keeps its timing across re-renders while always calling the latest
 * `fn`. A pending trailing call is dropped on unmount.
 */
export function useThrottledCallback<A extends unknown[]>(
  fn: (...args: A) => void,
  wait: number,
  { trailing = false }: Pick<ThrottleOptions, 'trailing'> = {},
): (...args: A) => void {
  const latest = useRef(fn);
  const throttled = useRef<Throttled<A> | null>(null);
  useLayoutEffect(() => {
    latest.current = fn;
  });
  useEffect(() => () => throttled.current?.cancel(), []);
  return useCallback(
    (...args: A) => {
      // Made on first use, outside render: the throttle's clock starts with the first call.
      throttled.current ??= throttle((...latestArgs: A) => latest.current(...latestArgs), wait, { trailing });
      throttled.current(...args);
    },
    [wait, trailing],
  );
}

/** `value`, but only once it has stayed the same for `wait` ms. */
export function useDebouncedValue<T>(value: T, wait: number): T {
  const [settled, setSettled] = useState(value);
  const [update] = useState(() => debounce((next: T) => setSettled(() => next), wait));
  useEffect(() => {
    update(value);
  }, [update, value]);
  useEffect(() => () => update.cancel(), [update]);
  return settled;
}
