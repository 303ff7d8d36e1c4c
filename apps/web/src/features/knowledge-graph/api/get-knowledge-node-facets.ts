import {
  KnowledgeNodeFacetsSchema,
  type KnowledgeNodeFacets,
} from '@lectern/contracts/knowledge-graph/knowledge-node.schemas';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { knowledgeNodeKey } from './knowledge-graph-keys.ts';

/** `GET /api/course/{id}/knowledge-node/{nid}/facets`: what is linked to the node, counted by kind. */
export function getKnowledgeNodeFacets(
  courseId: number,
  nodeId: number,
  signal?: AbortSignal,
): Promise<KnowledgeNodeFacets> {
  return request(`/api/course/${courseId}/knowledge-node/${nodeId}/facets`, {
    schema: KnowledgeNodeFacetsSchema,
    signal,
  });
}

export function useKnowledgeNodeFacets(courseId: number, nodeId: number) {
  return useQuery({
    // Under the node's key: whatever refreshes the node (a link added or removed) refreshes its counts.
    queryKey: [...knowledgeNodeKey(nodeId), 'facets', courseId],
    queryFn: ({ signal }) => getKnowledgeNodeFacets(courseId, nodeId, signal),
  });
}
