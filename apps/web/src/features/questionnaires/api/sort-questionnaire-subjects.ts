import {
  QuestionnaireSubjectsResponseSchema,
  type QuestionnaireDistributeResponse,
  type QuestionnaireSubjectsResponse,
} from '@lectern/contracts/questionnaires/questionnaires.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { questionnaireQueryKey } from './questionnaires-keys.ts';

/** `PUT /api/questionnaire/{id}/subjects/sort`: every question's id, in the new order. */
export function sortQuestionnaireSubjects(
  id: number,
  subjectIds: number[],
): Promise<QuestionnaireSubjectsResponse> {
  return request(`/api/questionnaire/${id}/subjects/sort`, {
    method: 'PUT',
    body: { subject_ids: subjectIds },
    schema: QuestionnaireSubjectsResponseSchema,
  });
}

export function useSortQuestionnaireSubjects(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (subjectIds: number[]) => sortQuestionnaireSubjects(id, subjectIds),
    onSuccess: ({ subjects }) => {
      queryClient.setQueryData<QuestionnaireDistributeResponse>(questionnaireQueryKey(id), (paper) =>
        paper ? { ...paper, subjects } : paper,
      );
      // The results list the questions in the paper's order.
      return queryClient.invalidateQueries({ queryKey: questionnaireQueryKey(id), refetchType: 'none' });
    },
  });
}
