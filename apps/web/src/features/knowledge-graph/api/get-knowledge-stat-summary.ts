import {
  KnowledgeStatSummarySchema,
  type KnowledgeStatSummary,
} from '@lectern/contracts/knowledge-graph/knowledge-statistics.contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { knowledgeStatsKey } from './knowledge-graph-keys.ts';

/** `GET /api/course/{id}/knowledge-nodes/statistics/summary`: class mastery and completeness per node, typical weak nodes. */
export function getKnowledgeStatSummary(
  courseId: number,
  signal?: AbortSignal,
): Promise<KnowledgeStatSummary> {
  return request(`/api/course/${courseId}/knowledge-nodes/statistics/summary`, {
    schema: KnowledgeStatSummarySchema,
    signal,
  });
}

export function useKnowledgeStatSummary(courseId: number) {
  return useQuery({
    queryKey: knowledgeStatsKey('summary', courseId),
    queryFn: ({ signal }) => getKnowledgeStatSummary(courseId, signal),
    placeholderData: keepPreviousData,
  });
}
