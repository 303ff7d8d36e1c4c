import { ActivitySchema, type Activity } from '@lectern/contracts/activities/activity.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';

const ACTIVITIES_QUERY_KEY = ['activities'] as const;

/** Publish or cancel publishing: `PUT /api/activities/{id}` {published}. */
export function setH5Published(activityId: number, published: boolean): Promise<Activity> {
  return request(`/api/activities/${activityId}`, {
    method: 'PUT',
    body: { published },
    schema: ActivitySchema,
  });
}

export function useSetH5Published(activityId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (published: boolean) => setH5Published(activityId, published),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ACTIVITIES_QUERY_KEY }),
  });
}
