import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { activityResourcesKey } from './activity-resources-keys.ts';

/** `DELETE /api/activities/{id}/resources/{uploadId}`: the uploader takes a resource off. */
export async function deleteActivityResource(activityId: number, uploadId: number): Promise<void> {
  await request(`/api/activities/${activityId}/resources/${uploadId}`, { method: 'DELETE' });
}

export function useDeleteActivityResource(activityId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (uploadId: number) => deleteActivityResource(activityId, uploadId),
    onSettled: () => client.invalidateQueries({ queryKey: activityResourcesKey(activityId) }),
  });
}
