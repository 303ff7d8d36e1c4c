import type { LectureLiveControllerConfig } from '@lectern/contracts/lecture-live/lecture-live-settings';
import { LectureLiveDetailSchema } from '@lectern/contracts/lecture-live/lecture-live.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { lectureLiveDetailKey } from './lecture-live-keys.ts';

/** `PUT /api/lecture-lives/{id}/controller-config` {autoplay}: answers the detail the page shows. */
export function useSetControllerConfig(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LectureLiveControllerConfig) =>
      request(`/api/lecture-lives/${id}/controller-config`, {
        method: 'PUT',
        body,
        schema: LectureLiveDetailSchema,
      }),
    onSuccess: (detail) => queryClient.setQueryData(lectureLiveDetailKey(id), detail),
  });
}
