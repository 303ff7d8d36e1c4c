import {
  ActivitySchema,
  type Activity,
  type UpdateActivityRequest,
} from '@lectern/contracts/activities/activity.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { activityQueryKey } from './get-activity.ts';
import { courseActivitiesQueryKey } from './list-activities.ts';

export interface UpdateActivityVariables {
  id: number;
  body: UpdateActivityRequest;
}

export function updateActivity({ id, body }: UpdateActivityVariables): Promise<Activity> {
  return request(`/api/activities/${id}`, { method: 'PUT', body, schema: ActivitySchema });
}

export function useUpdateActivity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateActivity,
    onSuccess: (activity) => {
      // The answer is the saved activity as the viewer sees it: the detail page needs no second request.
      queryClient.setQueryData(activityQueryKey(activity.id), activity);
      return queryClient.invalidateQueries({ queryKey: courseActivitiesQueryKey(activity.course_id) });
    },
  });
}
