import {
  RubricSchema,
  type Rubric,
  type UpdateRubricRequest,
} from '@lectern/contracts/rubrics/rubric.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { rubricDetailKey, rubricsQueryKey } from './rubric-keys.ts';

export interface UpdateRubricVariables {
  id: number;
  body: UpdateRubricRequest;
}

/** `PUT /api/rubrics/{id}`: the whole rubric. Once homeworks use it, only its wording may change. */
export function updateRubric({ id, body }: UpdateRubricVariables): Promise<Rubric> {
  return request(`/api/rubrics/${id}`, { method: 'PUT', body, schema: RubricSchema });
}

export function useUpdateRubric() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRubric,
    onSuccess: (rubric) => {
      queryClient.setQueryData(rubricDetailKey(rubric.id), rubric);
      return queryClient.invalidateQueries({ queryKey: rubricsQueryKey });
    },
  });
}
