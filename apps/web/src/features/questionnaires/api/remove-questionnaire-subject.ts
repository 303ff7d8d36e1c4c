import { MessageResponseSchema } from '@lectern/contracts/activities/activity.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { questionnaireQueryKey } from './questionnaires-keys.ts';

/**
 * `DELETE /api/questionnaire/{id}/subjects/{subjectId}`: removes a copied question, refused (409) once
 * someone has answered.
 */
export function removeQuestionnaireSubject(id: number, subjectId: number): Promise<{ message: string }> {
  return request(`/api/questionnaire/${id}/subjects/${subjectId}`, {
    method: 'DELETE',
    schema: MessageResponseSchema,
  });
}

export function useRemoveQuestionnaireSubject(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (subjectId: number) => removeQuestionnaireSubject(id, subjectId),
    // The questions and the results both lose it.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: questionnaireQueryKey(id) }),
  });
}
