import {
  KnowledgeReferencesResponseSchema,
  type KnowledgeReferencesRequest,
  type KnowledgeReferencesResponse,
} from '@lectern/contracts/knowledge-graph/knowledge-reference.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { knowledgeGraphQueryKey } from './knowledge-graph-keys.ts';

/** `POST /api/knowledge-node/{id}/reference/delete`: unlinks activities, files or questions from a node. */
export function deleteKnowledgeReferences(
  nodeId: number,
  body: KnowledgeReferencesRequest,
): Promise<KnowledgeReferencesResponse> {
  return request(`/api/knowledge-node/${nodeId}/reference/delete`, {
    method: 'POST',
    body,
    schema: KnowledgeReferencesResponseSchema,
  });
}

export function useDeleteKnowledgeReference() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ nodeId, body }: { nodeId: number; body: KnowledgeReferencesRequest }) =>
      deleteKnowledgeReferences(nodeId, body),
    onSettled: () => client.invalidateQueries({ queryKey: knowledgeGraphQueryKey }),
  });
}
