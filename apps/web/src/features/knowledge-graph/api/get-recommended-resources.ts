import {
  RecommendedResourcesResponseSchema,
  type RecommendedResourcesResponse,
} from '@lectern/contracts/knowledge-graph/knowledge-capture.schemas';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { knowledgeGraphQueryKey } from './knowledge-graph-keys.ts';

/** `GET /api/knowledge-node/{id}/recommended-resource-references` (page, page_size): most visited first. */
export function getRecommendedResources(
  nodeId: number,
  query: { page: number; page_size: number },
  signal?: AbortSignal,
): Promise<RecommendedResourcesResponse> {
  return request(`/api/knowledge-node/${nodeId}/recommended-resource-references`, {
    query,
    schema: RecommendedResourcesResponseSchema,
    signal,
  });
}

export function useRecommendedResources(nodeId: number, page: number, pageSize: number) {
  return useQuery({
    queryKey: [...knowledgeGraphQueryKey, 'resources', 'recommended', nodeId, page, pageSize],
    queryFn: ({ signal }) => getRecommendedResources(nodeId, { page, page_size: pageSize }, signal),
    placeholderData: keepPreviousData,
  });
}
