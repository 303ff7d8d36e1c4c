import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { usePageSettled } from './use-page-settled.ts';

let queryClient: QueryClient;

function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}

/** A query that answers only when told to, so the test decides how long the page is fetching. */
function startFetching(): () => void {
  let answer: (value: string) => void = () => undefined;
  queryClient
    .fetchQuery({
      queryKey: ['slow'],
      queryFn: () => new Promise<string>((resolve) => (answer = resolve)),
    })
    // A query never answered is cancelled when the cache is cleared after the test.
    .catch(() => undefined);
  return () => answer('done');
}

beforeEach(() => {
  vi.useFakeTimers();
  queryClient = new QueryClient();
});

afterEach(() => {
  vi.useRealTimers();
  queryClient.clear();
});

describe('usePageSettled', () => {
  it('holds while a query is fetching, and settles a quiet second after the last one', async () => {
    const finish = startFetching();
    const { result } = renderHook(() => usePageSettled(), { wrapper });

    // Well inside the few seconds after which a page settles anyway.
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(result.current).toBe(false);

    await act(async () => {
      finish();
      await vi.advanceTimersByTimeAsync(900);
    });
    expect(result.current).toBe(false);

    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(result.current).toBe(true);
  });

  it('settles a few seconds after loading even while a request never ends', async () => {
    startFetching();
    const { result } = renderHook(() => usePageSettled(), { wrapper });
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(result.current).toBe(false);
    await act(() => vi.advanceTimersByTimeAsync(1100));
    expect(result.current).toBe(true);
  });

  it('settles at once when the user presses a key, fetching or not', async () => {
    startFetching();
    const { result } = renderHook(() => usePageSettled(), { wrapper });
    expect(result.current).toBe(false);

    act(() => {
      fireEvent.keyDown(window, { key: 'Tab' });
    });
    expect(result.current).toBe(true);
  });
});
