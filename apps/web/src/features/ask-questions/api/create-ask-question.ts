import {
  AskQuestionSchema,
  type AskQuestion,
  type AskQuestionBody,
} from '@lectern/contracts/ask-questions/ask-questions.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { askQuestionsQueryKey } from './ask-questions-keys.ts';

/** `POST /api/courses/{id}/ask-question`: asks, and the server draws at once. */
export function createAskQuestion(courseId: number, body: AskQuestionBody): Promise<AskQuestion> {
  return request(`/api/courses/${courseId}/ask-question`, {
    method: 'POST',
    body,
    schema: AskQuestionSchema,
  });
}

export function useCreateAskQuestion(courseId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AskQuestionBody) => createAskQuestion(courseId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: askQuestionsQueryKey }),
  });
}
