import {
  WatchStatsResponseSchema,
  type WatchStatsResponse,
} from '@lectern/contracts/meetings/meetings.schemas';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { watchStatsKey } from './meetings-keys.ts';

/** `GET /api/dingtalk-lives/{id}/watch-stats`: who opened the live through Lectern (instructors). */
export function getWatchStats(id: number, signal?: AbortSignal): Promise<WatchStatsResponse> {
  return request(`/api/dingtalk-lives/${id}/watch-stats`, { schema: WatchStatsResponseSchema, signal });
}

export function useWatchStats(id: number, enabled: boolean) {
  return useQuery({
    queryKey: watchStatsKey(id),
    queryFn: ({ signal }) => getWatchStats(id, signal),
    enabled,
  });
}
