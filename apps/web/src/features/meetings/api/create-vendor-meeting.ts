import {
  VendorMeetingResponseSchema,
  type VendorMeeting,
} from '@lectern/contracts/meetings/meetings.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { meetingStateKey } from './meetings-keys.ts';

/** `POST /api/activities/{id}/meeting/vendor`: reserves the activity's meeting on Lark or Tencent. */
export function createVendorMeeting(id: number): Promise<VendorMeeting> {
  return request(`/api/activities/${id}/meeting/vendor`, {
    method: 'POST',
    body: {},
    schema: VendorMeetingResponseSchema,
  });
}

export function useCreateVendorMeeting(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => createVendorMeeting(id),
    // The activity's data (join link, code) changed too: everything cached about it is stale.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meetingStateKey(id) }),
  });
}
