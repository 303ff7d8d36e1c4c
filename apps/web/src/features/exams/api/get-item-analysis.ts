import { ItemAnalysisSchema, type ItemAnalysis } from '@lectern/contracts/exams/exam-statistics.schemas';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { examStatisticsQueryKey } from './get-subject-statistics.ts';

/** `GET /api/exams/{id}/item-analysis?is_makeup_exam=`. */
export function getItemAnalysis(
  examId: number,
  isMakeup: boolean,
  signal?: AbortSignal,
): Promise<ItemAnalysis> {
  return request(`/api/exams/${examId}/item-analysis`, {
    query: { is_makeup_exam: isMakeup ? 1 : 0 },
    schema: ItemAnalysisSchema,
    signal,
  });
}

export function useItemAnalysis(examId: number, isMakeup: boolean) {
  return useQuery({
    queryKey: [...examStatisticsQueryKey(examId), 'item-analysis', isMakeup] as const,
    queryFn: ({ signal }) => getItemAnalysis(examId, isMakeup, signal),
  });
}
