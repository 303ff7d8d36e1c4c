import {
  KnowledgeNodeOverviewSchema,
  type KnowledgeNodeOverview,
} from '@lectern/contracts/knowledge-graph/knowledge-statistics.contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { knowledgeStatsKey } from './knowledge-graph-keys.ts';

/** `GET /api/knowledge-nodes/{id}/statistics/overview`: one node's class figures and mastery distribution. */
export function getKnowledgeNodeOverview(
  nodeId: number,
  signal?: AbortSignal,
): Promise<KnowledgeNodeOverview> {
  return request(`/api/knowledge-nodes/${nodeId}/statistics/overview`, {
    schema: KnowledgeNodeOverviewSchema,
    signal,
  });
}

export function useKnowledgeNodeOverview(nodeId: number) {
  return useQuery({
    queryKey: knowledgeStatsKey('overview', nodeId),
    queryFn: ({ signal }) => getKnowledgeNodeOverview(nodeId, signal),
    placeholderData: keepPreviousData,
  });
}
