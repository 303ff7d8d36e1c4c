import {
  HomeworkDetailSchema,
  type HomeworkDescriptionRequest,
  type HomeworkDetail,
} from '@lectern/contracts/homework/homework.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { homeworkKey } from './homework-keys.ts';

export interface UpdateHomeworkDescriptionVariables {
  homeworkId: number;
  body: HomeworkDescriptionRequest;
}

/** `PATCH /api/homeworks/{id}/description`. */
export function updateHomeworkDescription({
  homeworkId,
  body,
}: UpdateHomeworkDescriptionVariables): Promise<HomeworkDetail> {
  return request(`/api/homeworks/${homeworkId}/description`, {
    method: 'PATCH',
    body,
    schema: HomeworkDetailSchema,
  });
}

export function useUpdateHomeworkDescription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateHomeworkDescription,
    onSuccess: (_detail, { homeworkId }) =>
      queryClient.invalidateQueries({ queryKey: homeworkKey(homeworkId) }),
  });
}
