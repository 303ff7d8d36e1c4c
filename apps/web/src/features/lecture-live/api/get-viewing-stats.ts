import {
  ViewingStatsResponseSchema,
  type ViewingStatsResponse,
} from '@lectern/contracts/lecture-live/lecture-live.schemas';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { lectureLiveViewingStatsKey } from './lecture-live-keys.ts';

/** `GET /api/lecture-lives/{id}/viewing-stats`: who watched the live or its replay, and how long. */
export function getViewingStats(id: number, signal?: AbortSignal): Promise<ViewingStatsResponse> {
  return request(`/api/lecture-lives/${id}/viewing-stats`, { schema: ViewingStatsResponseSchema, signal });
}

/** Players report every 10 s: while the live runs, the figures are worth asking again each half-minute. */
export function useViewingStats(id: number, options: { enabled: boolean; live: boolean }) {
  return useQuery({
    queryKey: lectureLiveViewingStatsKey(id),
    queryFn: ({ signal }) => getViewingStats(id, signal),
    enabled: options.enabled,
    refetchInterval: options.live ? 30_000 : false,
  });
}
