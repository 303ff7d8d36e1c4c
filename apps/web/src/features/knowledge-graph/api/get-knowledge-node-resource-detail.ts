import {
  KnowledgeNodeResourceDetailSchema,
  type KnowledgeNodeResourceDetail,
} from '@lectern/contracts/knowledge-graph/knowledge-statistics.contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { KNOWLEDGE_STAT_PAGE_SIZE, knowledgeStatsKey } from './knowledge-graph-keys.ts';

/** `GET /api/knowledge-nodes/{id}/statistics/resource-detail`: the files linked to one node and how students visited them. */
export function getKnowledgeNodeResourceDetail(
  nodeId: number,
  page: number,
  signal?: AbortSignal,
): Promise<KnowledgeNodeResourceDetail> {
  return request(`/api/knowledge-nodes/${nodeId}/statistics/resource-detail`, {
    schema: KnowledgeNodeResourceDetailSchema,
    query: { page, page_size: KNOWLEDGE_STAT_PAGE_SIZE },
    signal,
  });
}

export function useKnowledgeNodeResourceDetail(nodeId: number, page: number) {
  return useQuery({
    queryKey: knowledgeStatsKey('resource-detail', nodeId, page),
    queryFn: ({ signal }) => getKnowledgeNodeResourceDetail(nodeId, page, signal),
    placeholderData: keepPreviousData,
  });
}
