import {
  QuestionnaireDistributeResponseSchema,
  type QuestionnaireDistributeResponse,
} from '@lectern/contracts/questionnaires/questionnaires.schemas';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { questionnaireQueryKey } from './questionnaires-keys.ts';

/** `GET /api/questionnaire/{id}/distribute`: the questions, the window and the caller's own answers. */
export function distributeQuestionnaire(
  id: number,
  signal?: AbortSignal,
): Promise<QuestionnaireDistributeResponse> {
  return request(`/api/questionnaire/${id}/distribute`, {
    schema: QuestionnaireDistributeResponseSchema,
    signal,
  });
}

export function useQuestionnaire(id: number) {
  return useQuery({
    queryKey: questionnaireQueryKey(id),
    queryFn: ({ signal }) => distributeQuestionnaire(id, signal),
  });
}
