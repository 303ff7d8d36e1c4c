import { SubjectsResponseSchema, type Subject } from '@lectern/contracts/exams/subject.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { questionnaireQueryKey } from './questionnaires-keys.ts';

/**
 * `POST /api/subject-libs/{libId}/copy?questionnaireId=`: appends the library's questions to the
 * questionnaire (spec 000 section 7), refused once someone has answered.
 */
export async function copyLibToQuestionnaire(libId: number, questionnaireId: number): Promise<Subject[]> {
  const response = await request(`/api/subject-libs/${libId}/copy`, {
    method: 'POST',
    query: { questionnaireId },
    body: {},
    schema: SubjectsResponseSchema,
  });
  return response.subjects;
}

export function useCopyLibToQuestionnaire(questionnaireId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (libId: number) => copyLibToQuestionnaire(libId, questionnaireId),
    // The questions and the results both change shape.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: questionnaireQueryKey(questionnaireId) }),
  });
}
