import {
  KnowledgeNodeDetailSchema,
  type KnowledgeNodeDetail,
} from '@lectern/contracts/knowledge-graph/knowledge-node.schemas';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { knowledgeNodeKey } from './knowledge-graph-keys.ts';

/** `GET /api/knowledge-node/{id}`: one node with its ancestors, relations and references. */
export function getKnowledgeNode(nodeId: number, signal?: AbortSignal): Promise<KnowledgeNodeDetail> {
  return request(`/api/knowledge-node/${nodeId}`, { schema: KnowledgeNodeDetailSchema, signal });
}

export function useKnowledgeNode(nodeId: number | null) {
  return useQuery({
    queryKey: knowledgeNodeKey(nodeId ?? 0),
    queryFn: ({ signal }) => getKnowledgeNode(nodeId ?? 0, signal),
    enabled: nodeId !== null,
  });
}
