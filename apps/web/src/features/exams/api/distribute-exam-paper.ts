import {
  DistributeResponseSchema,
  type DistributeResponse,
} from '@lectern/contracts/exams/exam-taking.schemas';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { examTakingQueryKey } from './check-exam-qualification.ts';

export function paperQueryKey(examId: number) {
  return [...examTakingQueryKey(examId), 'paper'] as const;
}

/** The student's open attempt (resumed with its draft) or a new one if an attempt remains. */
export function distributeExamPaper(examId: number, signal?: AbortSignal): Promise<DistributeResponse> {
  return request(`/api/exams/${examId}/distribute`, { schema: DistributeResponseSchema, signal });
}

export function useExamPaper(examId: number, enabled = true) {
  return useQuery({
    queryKey: paperQueryKey(examId),
    queryFn: ({ signal }) => distributeExamPaper(examId, signal),
    enabled,
    // The paper is fetched once per visit: a background refetch would replace the answers being typed.
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    retry: false,
  });
}
