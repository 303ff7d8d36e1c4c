import { LectureLiveDetailSchema } from '@lectern/contracts/lecture-live/lecture-live.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { lectureLiveDetailKey } from './lecture-live-keys.ts';

/** `POST /api/courses/lecture-live-activity/{id}/reprocess` {replay_id}. */
export function useReprocessReplay(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (replayId: number) =>
      request(`/api/courses/lecture-live-activity/${id}/reprocess`, {
        method: 'POST',
        body: { replay_id: replayId },
        schema: LectureLiveDetailSchema,
      }),
    onSuccess: (detail) => queryClient.setQueryData(lectureLiveDetailKey(id), detail),
  });
}
