import {
  ActivitySchema,
  type Activity,
  type CreateActivityRequest,
} from '@lectern/contracts/activities/activity.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { courseActivitiesQueryKey } from './list-activities.ts';

export interface CreateActivityVariables {
  courseId: number;
  body: CreateActivityRequest;
}

export function createActivity({ courseId, body }: CreateActivityVariables): Promise<Activity> {
  return request(`/api/courses/${courseId}/activities`, { method: 'POST', body, schema: ActivitySchema });
}

export function useCreateActivity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createActivity,
    onSuccess: (activity) =>
      queryClient.invalidateQueries({ queryKey: courseActivitiesQueryKey(activity.course_id) }),
  });
}
