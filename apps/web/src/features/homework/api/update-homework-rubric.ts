import {
  HomeworkDetailSchema,
  type HomeworkDetail,
  type HomeworkRubricRequest,
} from '@lectern/contracts/homework/homework.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { homeworkKey } from './homework-keys.ts';

export interface UpdateHomeworkRubricVariables {
  homeworkId: number;
  body: HomeworkRubricRequest;
}

/** `PATCH /api/homeworks/{id}/rubric`: the marking rubric and when students see it. */
export function updateHomeworkRubric({
  homeworkId,
  body,
}: UpdateHomeworkRubricVariables): Promise<HomeworkDetail> {
  return request(`/api/homeworks/${homeworkId}/rubric`, {
    method: 'PATCH',
    body,
    schema: HomeworkDetailSchema,
  });
}

export function useUpdateHomeworkRubric() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateHomeworkRubric,
    onSuccess: (_detail, { homeworkId }) =>
      queryClient.invalidateQueries({ queryKey: homeworkKey(homeworkId) }),
  });
}
