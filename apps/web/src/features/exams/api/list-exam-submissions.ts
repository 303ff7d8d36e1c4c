import {
  ExamSubmissionsResponseSchema,
  type ExamSubmissionsResponse,
} from '@lectern/contracts/exams/exam-taking.schemas';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';

export function examSubmissionsQueryKey(examId: number) {
  return ['exams', examId, 'submissions'] as const;
}

/** A student's own final submissions (the teaching team: everyone's), with the released score. */
export function listExamSubmissions(examId: number, signal?: AbortSignal): Promise<ExamSubmissionsResponse> {
  return request(`/api/exams/${examId}/submissions`, { schema: ExamSubmissionsResponseSchema, signal });
}

export function useExamSubmissions(examId: number, enabled = true) {
  return useQuery({
    queryKey: examSubmissionsQueryKey(examId),
    queryFn: ({ signal }) => listExamSubmissions(examId, signal),
    enabled,
  });
}
