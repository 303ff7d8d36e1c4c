import { MessageResponseSchema } from '@lectern/contracts/activities/activity.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { libQueryBaseKey, libsQueryKey } from './authoring-keys.ts';

/** `DELETE /api/subject-libs/{id}`: a library with its questions, or an empty folder. */
export function deleteSubjectLib(id: number): Promise<{ message: string }> {
  return request(`/api/subject-libs/${id}`, { method: 'DELETE', schema: MessageResponseSchema });
}

export function useDeleteSubjectLib() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSubjectLib,
    onSuccess: (_result, id) => {
      queryClient.removeQueries({ queryKey: libQueryBaseKey(id), type: 'inactive' });
      return queryClient.invalidateQueries({ queryKey: libsQueryKey });
    },
  });
}
