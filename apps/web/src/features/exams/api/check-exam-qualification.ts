import {
  QualificationResponseSchema,
  type QualificationResponse,
} from '@lectern/contracts/exams/exam-taking.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';

export function examTakingQueryKey(examId: number) {
  return ['exams', examId, 'taking'] as const;
}

export function qualificationQueryKey(examId: number) {
  return [...examTakingQueryKey(examId), 'qualification'] as const;
}

export function checkExamQualification(examId: number, signal?: AbortSignal): Promise<QualificationResponse> {
  return request(`/api/exam/${examId}/check-exam-qualification`, {
    schema: QualificationResponseSchema,
    signal,
  });
}

export function useExamQualification(examId: number, enabled = true) {
  return useQuery({
    ...queryOptions({
      queryKey: qualificationQueryKey(examId),
      queryFn: ({ signal }) => checkExamQualification(examId, signal),
    }),
    enabled,
  });
}
