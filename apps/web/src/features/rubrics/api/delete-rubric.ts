import { RubricDeletedResponseSchema } from '@lectern/contracts/rubrics/rubric.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { rubricsQueryKey } from './rubric-keys.ts';

/** `DELETE /api/rubrics/{id}`: refused while homeworks use it. Answers the server's confirmation. */
export async function deleteRubric(id: number): Promise<string> {
  const response = await request(`/api/rubrics/${id}`, {
    method: 'DELETE',
    schema: RubricDeletedResponseSchema,
  });
  return response.message;
}

export function useDeleteRubric() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRubric,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rubricsQueryKey }),
  });
}
