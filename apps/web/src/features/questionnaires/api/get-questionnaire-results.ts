import {
  QuestionnaireResultsSchema,
  type QuestionnaireResults,
} from '@lectern/contracts/questionnaires/questionnaires.schemas';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { questionnaireResultsQueryKey } from './questionnaires-keys.ts';

/** `GET /api/questionnaire/{id}/results`: counts per option and written answers (teaching team). */
export function getQuestionnaireResults(id: number, signal?: AbortSignal): Promise<QuestionnaireResults> {
  return request(`/api/questionnaire/${id}/results`, { schema: QuestionnaireResultsSchema, signal });
}

export function useQuestionnaireResults(id: number) {
  return useQuery({
    queryKey: questionnaireResultsQueryKey(id),
    queryFn: ({ signal }) => getQuestionnaireResults(id, signal),
  });
}
