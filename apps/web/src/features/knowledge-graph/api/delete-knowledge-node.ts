import {
  DeleteKnowledgeNodesResponseSchema,
  type DeleteKnowledgeNodesResponse,
} from '@lectern/contracts/knowledge-graph/knowledge-node.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { knowledgeNodesKey } from './knowledge-graph-keys.ts';

/** `DELETE /api/knowledge-node/{id}`: the node and its subtree; answers every id removed. */
export function deleteKnowledgeNode(nodeId: number): Promise<DeleteKnowledgeNodesResponse> {
  return request(`/api/knowledge-node/${nodeId}`, {
    method: 'DELETE',
    schema: DeleteKnowledgeNodesResponseSchema,
  });
}

export function useDeleteKnowledgeNode(courseId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (nodeId: number) => deleteKnowledgeNode(nodeId),
    onSettled: () => client.invalidateQueries({ queryKey: knowledgeNodesKey(courseId) }),
  });
}
