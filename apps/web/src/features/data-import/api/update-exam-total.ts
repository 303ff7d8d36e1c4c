import { ActivitySchema } from '@lectern/contracts/activities/activity.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';

export interface UpdateExamTotalVariables {
  /** The exam's (or classroom exam's) activity id. */
  activityId: number;
  totalPoints: number;
}

/**
 * Raises (or lowers) an exam's total points from the import page: `GET /api/activities/{id}` for the
 * stored settings, then `PUT /api/activities/{id}` with the same settings and the new total (the data is
 * replaced as a whole, so nothing else may be left out).
 */
export async function updateExamTotal({ activityId, totalPoints }: UpdateExamTotalVariables) {
  const activity = await request(`/api/activities/${activityId}`, { schema: ActivitySchema });
  return request(`/api/activities/${activityId}`, {
    method: 'PUT',
    body: { data: { ...activity.data, total_points: totalPoints } },
    schema: ActivitySchema,
  });
}

export function useUpdateExamTotal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateExamTotal,
    // The exam's points, its page and its activity entry all show the total; their keys are theirs.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
