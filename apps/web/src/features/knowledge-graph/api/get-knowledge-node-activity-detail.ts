import {
  KnowledgeNodeActivityDetailSchema,
  type KnowledgeNodeActivityDetail,
} from '@lectern/contracts/knowledge-graph/knowledge-statistics.contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { KNOWLEDGE_STAT_PAGE_SIZE, knowledgeStatsKey } from './knowledge-graph-keys.ts';

/** `GET /api/knowledge-nodes/{id}/statistics/activity-detail`: the activities linked to one node, with completion and score rates. */
export function getKnowledgeNodeActivityDetail(
  nodeId: number,
  page: number,
  signal?: AbortSignal,
): Promise<KnowledgeNodeActivityDetail> {
  return request(`/api/knowledge-nodes/${nodeId}/statistics/activity-detail`, {
    schema: KnowledgeNodeActivityDetailSchema,
    query: { page, page_size: KNOWLEDGE_STAT_PAGE_SIZE },
    signal,
  });
}

export function useKnowledgeNodeActivityDetail(nodeId: number, page: number) {
  return useQuery({
    queryKey: knowledgeStatsKey('activity-detail', nodeId, page),
    queryFn: ({ signal }) => getKnowledgeNodeActivityDetail(nodeId, page, signal),
    placeholderData: keepPreviousData,
  });
}
