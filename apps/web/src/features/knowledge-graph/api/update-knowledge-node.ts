import {
  KnowledgeNodeSchema,
  type KnowledgeNode,
  type UpdateKnowledgeNodeRequest,
} from '@lectern/contracts/knowledge-graph/knowledge-node.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { knowledgeNodeKey, knowledgeNodesKey } from './knowledge-graph-keys.ts';

/** `PUT /api/knowledge-node/{id}`: name, Bloom level, description (only the fields sent change). */
export function updateKnowledgeNode(
  nodeId: number,
  body: UpdateKnowledgeNodeRequest,
): Promise<KnowledgeNode> {
  return request(`/api/knowledge-node/${nodeId}`, { method: 'PUT', body, schema: KnowledgeNodeSchema });
}

export function useUpdateKnowledgeNode(courseId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ nodeId, body }: { nodeId: number; body: UpdateKnowledgeNodeRequest }) =>
      updateKnowledgeNode(nodeId, body),
    onSettled: (_data, _error, { nodeId }) =>
      Promise.all([
        client.invalidateQueries({ queryKey: knowledgeNodesKey(courseId) }),
        client.invalidateQueries({ queryKey: knowledgeNodeKey(nodeId) }),
      ]),
  });
}
