import { MessageResponseSchema } from '@lectern/contracts/activities/activity.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';

/** `DELETE /api/subjects/{id}`: the question and its sub-questions; answers with a localised confirmation. */
export function deleteSubject(id: number): Promise<{ message: string }> {
  return request(`/api/subjects/${id}`, { method: 'DELETE', schema: MessageResponseSchema });
}

/** `invalidate`: the cache entries that show the question (its paper or library). */
export function useDeleteSubject(invalidate: readonly unknown[]) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSubject,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invalidate }),
  });
}
