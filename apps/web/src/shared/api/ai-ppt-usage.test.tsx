import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, jsonResponse } from '../../test/fetch-mock.ts';
import {
  getAiPptUsageCount,
  recordAiPptUsage,
  useAiPptUsageCount,
  useRecordAiPptUsage,
} from './ai-ppt-usage.ts';

const fetchMock = vi.fn<typeof fetch>();
let queryClient: QueryClient;

const usage = { user_id: 7, user_no: 'T-1001', user_name: 'Tess Teacher', usage_count: 3 };

function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
});

afterEach(() => {
  queryClient.clear();
  vi.unstubAllGlobals();
});

describe('AI slide-deck usage', () => {
  it('reads the caller’s count', async () => {
    fetchMock.mockResolvedValue(jsonResponse(usage));
    await expect(getAiPptUsageCount()).resolves.toEqual(usage);
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/ai-ppt/user/usage/count');
  });

  it('records one use with a POST and no body', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ ...usage, usage_count: 4 }));
    await expect(recordAiPptUsage()).resolves.toMatchObject({ usage_count: 4 });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/ai-ppt/usage');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBeUndefined();
  });

  it('swallows errors and answers null: a refusal, a server error, a network failure, a wrong shape', async () => {
    fetchMock.mockResolvedValueOnce(errorResponse(403, 'forbidden', 'Only instructors'));
    await expect(getAiPptUsageCount()).resolves.toBeNull();
    fetchMock.mockResolvedValueOnce(errorResponse(500, 'internal', 'boom'));
    await expect(recordAiPptUsage()).resolves.toBeNull();
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(recordAiPptUsage()).resolves.toBeNull();
    fetchMock.mockResolvedValueOnce(jsonResponse({ usage_count: 'many' }));
    await expect(getAiPptUsageCount()).resolves.toBeNull();
  });

  it('gives the hook null data, not an error, when the call fails', async () => {
    fetchMock.mockResolvedValue(errorResponse(500, 'internal', 'boom'));
    const { result } = renderHook(() => useAiPptUsageCount(), { wrapper });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data).toBeNull();
    expect(result.current.error).toBeNull();
  });

  it('shows the new count after a recorded use, and keeps the last one when recording fails', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(usage));
    const { result } = renderHook(() => ({ count: useAiPptUsageCount(), record: useRecordAiPptUsage() }), {
      wrapper,
    });
    await waitFor(() => expect(result.current.count.data?.usage_count).toBe(3));

    fetchMock.mockResolvedValueOnce(jsonResponse({ ...usage, usage_count: 4 }));
    await act(() => result.current.record.mutateAsync());
    await waitFor(() => expect(result.current.count.data?.usage_count).toBe(4));

    fetchMock.mockResolvedValueOnce(errorResponse(503, 'service_unavailable', 'down'));
    await act(() => result.current.record.mutateAsync());
    expect(result.current.count.data?.usage_count).toBe(4);
  });
});
