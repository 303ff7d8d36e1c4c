import {
  SubmitQuestionnaireResponseSchema,
  type QuestionnaireDistributeResponse,
  type SubmitQuestionnaireRequest,
  type SubmitQuestionnaireResponse,
} from '@lectern/contracts/questionnaires/questionnaires.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { questionnaireQueryKey } from './questionnaires-keys.ts';

/** `POST /api/questionnaire/{id}/submissions`: the student's answers, replacing earlier ones while open. */
export function submitQuestionnaire(
  id: number,
  body: SubmitQuestionnaireRequest,
): Promise<SubmitQuestionnaireResponse> {
  return request(`/api/questionnaire/${id}/submissions`, {
    method: 'POST',
    body,
    schema: SubmitQuestionnaireResponseSchema,
  });
}

export function useSubmitQuestionnaire(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SubmitQuestionnaireRequest) => submitQuestionnaire(id, body),
    onSuccess: (submission) =>
      queryClient.setQueryData<QuestionnaireDistributeResponse>(questionnaireQueryKey(id), (paper) =>
        paper ? { ...paper, submission } : paper,
      ),
  });
}
