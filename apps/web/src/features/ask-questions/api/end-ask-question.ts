import { AskQuestionSchema, type AskQuestion } from '@lectern/contracts/ask-questions/ask-questions.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { askQuestionsQueryKey } from './ask-questions-keys.ts';

/** `PUT /api/ask-questions/{id}/end`: ends the question; it is locked from then on. */
export function endAskQuestion(id: number): Promise<AskQuestion> {
  return request(`/api/ask-questions/${id}/end`, { method: 'PUT', schema: AskQuestionSchema });
}

export function useEndAskQuestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endAskQuestion,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: askQuestionsQueryKey }),
  });
}
