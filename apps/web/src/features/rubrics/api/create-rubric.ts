import {
  RubricSchema,
  type CreateRubricRequest,
  type Rubric,
} from '@lectern/contracts/rubrics/rubric.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { rubricsQueryKey } from './rubric-keys.ts';

/** `POST /api/rubrics` (201). */
export function createRubric(body: CreateRubricRequest): Promise<Rubric> {
  return request('/api/rubrics', { method: 'POST', body, schema: RubricSchema });
}

export function useCreateRubric() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRubric,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rubricsQueryKey }),
  });
}
