import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { usePrefersReducedMotion } from './use-prefers-reduced-motion.ts';

/** A system setting that the test flips, telling the listeners the way a browser does. */
function systemSetting(initial: boolean) {
  let reduce = initial;
  const listeners = new Set<() => void>();
  // Put back after each test by vitest (unstubGlobals in vitest.config.ts).
  vi.stubGlobal(
    'matchMedia',
    (query: string) =>
      ({
        get matches() {
          return query === '(prefers-reduced-motion: reduce)' && reduce;
        },
        media: query,
        addEventListener: (_: string, listener: () => void) => listeners.add(listener),
        removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
      }) as unknown as MediaQueryList,
  );
  return {
    set(value: boolean) {
      reduce = value;
      for (const listener of listeners) listener();
    },
    listeners,
  };
}

describe('usePrefersReducedMotion', () => {
  it('follows the system setting, also when it changes while the page is open', () => {
    const setting = systemSetting(false);
    const { result, unmount } = renderHook(() => usePrefersReducedMotion());
    expect(result.current).toBe(false);

    act(() => setting.set(true));
    expect(result.current).toBe(true);

    unmount();
    expect(setting.listeners.size).toBe(0);
  });

  it('asks for less motion from the first render when the system already does', () => {
    systemSetting(true);
    const { result } = renderHook(() => usePrefersReducedMotion());
    expect(result.current).toBe(true);
  });
});
