import {
  KnowledgeNodesResponseSchema,
  type KnowledgeNodesResponse,
} from '@lectern/contracts/knowledge-graph/knowledge-node.schemas';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { knowledgeNodesKey } from './knowledge-graph-keys.ts';

/** `GET /api/course/{id}/knowledge-nodes`: the tree, its relations, whether it is published, may the caller edit. */
export function getKnowledgeNodes(courseId: number, signal?: AbortSignal): Promise<KnowledgeNodesResponse> {
  return request(`/api/course/${courseId}/knowledge-nodes`, { schema: KnowledgeNodesResponseSchema, signal });
}

export function useKnowledgeNodes(courseId: number, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: knowledgeNodesKey(courseId),
    queryFn: ({ signal }) => getKnowledgeNodes(courseId, signal),
    enabled: options.enabled ?? true,
  });
}
