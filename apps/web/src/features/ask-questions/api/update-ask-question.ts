import {
  AskQuestionSchema,
  type AskQuestion,
  type AskQuestionBody,
} from '@lectern/contracts/ask-questions/ask-questions.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { askQuestionsQueryKey } from './ask-questions-keys.ts';

/** `PUT /api/ask-questions/{id}`: edits the settings (refused once the question has ended). */
export function updateAskQuestion(id: number, body: AskQuestionBody): Promise<AskQuestion> {
  return request(`/api/ask-questions/${id}`, { method: 'PUT', body, schema: AskQuestionSchema });
}

export function useUpdateAskQuestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: AskQuestionBody }) => updateAskQuestion(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: askQuestionsQueryKey }),
  });
}
