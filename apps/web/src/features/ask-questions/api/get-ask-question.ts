import { AskQuestionSchema, type AskQuestion } from '@lectern/contracts/ask-questions/ask-questions.schemas';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { askQuestionQueryKey } from './ask-questions-keys.ts';

/** `GET /api/ask-questions/{id}`: the question and its current draw (the projector's view). */
export function getAskQuestion(id: number, signal?: AbortSignal): Promise<AskQuestion> {
  return request(`/api/ask-questions/${id}`, { schema: AskQuestionSchema, signal });
}

export function useAskQuestion(id: number) {
  return useQuery({ queryKey: askQuestionQueryKey(id), queryFn: ({ signal }) => getAskQuestion(id, signal) });
}
