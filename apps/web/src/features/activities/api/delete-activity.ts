import { MessageResponseSchema } from '@lectern/contracts/activities/activity.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { activityQueryKey } from './get-activity.ts';
import { courseActivitiesQueryKey } from './list-activities.ts';

export interface DeleteActivityVariables {
  id: number;
  courseId: number;
}

/** The answer carries a localised confirmation that the UI shows as it is. */
export function deleteActivity({ id }: DeleteActivityVariables): Promise<{ message: string }> {
  return request(`/api/activities/${id}`, { method: 'DELETE', schema: MessageResponseSchema });
}

export function useDeleteActivity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteActivity,
    onSuccess: (_result, { id, courseId }) => {
      // A page still showing the activity keeps its copy until it leaves; nobody else needs it any more.
      queryClient.removeQueries({ queryKey: activityQueryKey(id), exact: true, type: 'inactive' });
      // The course's list reloads, so the deleted row disappears wherever it was shown.
      return queryClient.invalidateQueries({ queryKey: courseActivitiesQueryKey(courseId) });
    },
  });
}
