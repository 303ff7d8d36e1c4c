import {
  JoinMeetingResponseSchema,
  type JoinMeetingResponse,
} from '@lectern/contracts/meetings/meetings.schemas';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';

/** `POST /api/activities/{id}/meeting/join`: the caller's own join link, recorded as attendance. */
export function joinMeeting(id: number): Promise<JoinMeetingResponse> {
  return request(`/api/activities/${id}/meeting/join`, {
    method: 'POST',
    body: {},
    schema: JoinMeetingResponseSchema,
  });
}

export function useJoinMeeting(id: number) {
  return useMutation({ mutationFn: () => joinMeeting(id) });
}
