import {
  ParticipantsResponseSchema,
  type ParticipantsResponse,
} from '@lectern/contracts/meetings/meetings.schemas';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { participantsKey } from './meetings-keys.ts';

export const PARTICIPANTS_PAGE_SIZE = 10;

/** `GET /api/activities/{id}/meeting/participant` with page, page_size and `conditions` as JSON. */
export function listParticipants(
  id: number,
  page: number,
  userName: string,
  signal?: AbortSignal,
): Promise<ParticipantsResponse> {
  const query = new URLSearchParams({ page: String(page), page_size: String(PARTICIPANTS_PAGE_SIZE) });
  if (userName) query.set('conditions', JSON.stringify({ user_name: userName }));
  return request(`/api/activities/${id}/meeting/participant?${query.toString()}`, {
    schema: ParticipantsResponseSchema,
    signal,
  });
}

export function useParticipants(id: number, page: number, userName: string, enabled: boolean) {
  return useQuery({
    queryKey: participantsKey(id, page, userName),
    queryFn: ({ signal }) => listParticipants(id, page, userName, signal),
    enabled,
    placeholderData: keepPreviousData,
  });
}
