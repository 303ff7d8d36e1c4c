import { AskQuestionSchema, type AskQuestion } from '@lectern/contracts/ask-questions/ask-questions.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { askQuestionsQueryKey } from './ask-questions-keys.ts';

/** `POST /api/ask-questions/{id}/picks`: a new draw. */
export function pickAgain(id: number, avoidRecent: boolean): Promise<AskQuestion> {
  return request(`/api/ask-questions/${id}/picks`, {
    method: 'POST',
    body: { avoid_recent: avoidRecent },
    schema: AskQuestionSchema,
  });
}

export function usePickAgain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, avoidRecent }: { id: number; avoidRecent: boolean }) => pickAgain(id, avoidRecent),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: askQuestionsQueryKey }),
  });
}
