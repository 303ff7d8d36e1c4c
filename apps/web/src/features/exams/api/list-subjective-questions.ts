import { SubjectsResponseSchema, type Subject } from '@lectern/contracts/exams/subject.schemas';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { markingQueryKey } from './list-marking-examinees.ts';

/** `GET /api/exams/{id}/subjective-questions?is_makeup_exam=`: questions (or stems) marked by hand. */
export async function listSubjectiveQuestions(
  examId: number,
  isMakeup: boolean,
  signal?: AbortSignal,
): Promise<Subject[]> {
  const response = await request(`/api/exams/${examId}/subjective-questions`, {
    query: { is_makeup_exam: isMakeup ? 1 : 0 },
    schema: SubjectsResponseSchema,
    signal,
  });
  return response.subjects;
}

export function useSubjectiveQuestions(examId: number, isMakeup: boolean) {
  return useQuery({
    queryKey: [...markingQueryKey(examId), 'subjective', isMakeup] as const,
    queryFn: ({ signal }) => listSubjectiveQuestions(examId, isMakeup, signal),
  });
}
