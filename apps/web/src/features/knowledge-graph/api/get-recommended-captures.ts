import {
  CapturesResponseSchema,
  type CapturesResponse,
} from '@lectern/contracts/knowledge-graph/knowledge-capture.schemas';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { knowledgeGraphQueryKey } from './knowledge-graph-keys.ts';

/** `GET /api/knowledge-node/{id}/recommended-captures` (page, page_size): other learners' public captures. */
export function getRecommendedCaptures(
  nodeId: number,
  query: { page: number; page_size: number },
  signal?: AbortSignal,
): Promise<CapturesResponse> {
  return request(`/api/knowledge-node/${nodeId}/recommended-captures`, {
    query,
    schema: CapturesResponseSchema,
    signal,
  });
}

export function useRecommendedCaptures(nodeId: number, page: number, pageSize: number) {
  return useQuery({
    queryKey: [...knowledgeGraphQueryKey, 'captures', 'recommended', nodeId, page, pageSize],
    queryFn: ({ signal }) => getRecommendedCaptures(nodeId, { page, page_size: pageSize }, signal),
    placeholderData: keepPreviousData,
  });
}
