import {
  MeetingStateResponseSchema,
  type MeetingStateResponse,
} from '@lectern/contracts/meetings/meetings.schemas';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { meetingStateKey } from './meetings-keys.ts';

/** `GET /api/activities/{id}/meeting`: status, join and playback as the server decides them. */
export function getMeetingState(id: number, signal?: AbortSignal): Promise<MeetingStateResponse> {
  return request(`/api/activities/${id}/meeting`, { schema: MeetingStateResponseSchema, signal });
}

export function useMeetingState(id: number) {
  return useQuery({
    queryKey: meetingStateKey(id),
    queryFn: ({ signal }) => getMeetingState(id, signal),
    // The 30-minute and 1-hour rules change what the panel may show while it is open.
    refetchInterval: 60_000,
  });
}
