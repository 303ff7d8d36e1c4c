import {
  ActivityResourceSchema,
  type ActivityResource,
  type PutActivityResourceRequest,
} from '@lectern/contracts/activity-resources/activity-resources.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { activityResourcesKey } from './activity-resources-keys.ts';

/** `PUT /api/activities/{id}/resources/{uploadId}`: adds the caller's finished upload as a resource. */
export function putActivityResource(
  activityId: number,
  uploadId: number,
  body: PutActivityResourceRequest = {},
): Promise<ActivityResource> {
  return request(`/api/activities/${activityId}/resources/${uploadId}`, {
    method: 'PUT',
    body,
    schema: ActivityResourceSchema,
  });
}

export function usePutActivityResource(activityId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ uploadId, body }: { uploadId: number; body?: PutActivityResourceRequest }) =>
      putActivityResource(activityId, uploadId, body),
    onSettled: () => client.invalidateQueries({ queryKey: activityResourcesKey(activityId) }),
  });
}
