import {
  LectureLiveDetailSchema,
  type LectureLiveDetail,
} from '@lectern/contracts/lecture-live/lecture-live.schemas';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { lectureLiveDetailKey } from './lecture-live-keys.ts';

/** `GET /api/lecture-lives/{id}`: the live page's detail (status, streams, replays, booking). */
export function getLectureLive(id: number, signal?: AbortSignal): Promise<LectureLiveDetail> {
  return request(`/api/lecture-lives/${id}`, { schema: LectureLiveDetailSchema, signal });
}

/** States that change without the viewer doing anything are asked again every 15 s. */
const CHANGING = new Set([
  'live_unopened',
  'live_in_progress',
  'replay_waiting_process',
  'replay_processing',
]);

export function useLectureLive(id: number) {
  return useQuery({
    queryKey: lectureLiveDetailKey(id),
    queryFn: ({ signal }) => getLectureLive(id, signal),
    refetchInterval: (query) => {
      const live = query.state.data;
      if (!live || !CHANGING.has(live.status)) return false;
      // Live, but the first segment is still being written: the player appears within seconds.
      return live.status === 'live_in_progress' && live.streams.length === 0 && live.view_live
        ? 3_000
        : 15_000;
    },
  });
}
