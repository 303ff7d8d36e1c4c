import {
  GradeScoreItemSchema,
  type GradeScoreItem,
  type UpdateGradeItemWeightRequest,
} from '@lectern/contracts/gradebook/gradebook.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { gradebookQueryKey } from './get-gradebook.ts';

export interface UpdateItemWeightVariables {
  activityId: number;
  body: UpdateGradeItemWeightRequest;
}

/** `PUT /api/courses/{id}/grade-score-items/{activityId}`. */
export function updateItemWeight(
  courseId: number,
  { activityId, body }: UpdateItemWeightVariables,
): Promise<GradeScoreItem> {
  return request(`/api/courses/${courseId}/grade-score-items/${activityId}`, {
    method: 'PUT',
    body,
    schema: GradeScoreItemSchema,
  });
}

/** Every total depends on every weight, so the table is read again after a change. */
export function useUpdateItemWeight(courseId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: UpdateItemWeightVariables) => updateItemWeight(courseId, variables),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: gradebookQueryKey(courseId) }),
  });
}
