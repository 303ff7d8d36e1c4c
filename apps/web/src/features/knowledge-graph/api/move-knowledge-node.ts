import {
  KnowledgeNodeSchema,
  type KnowledgeNode,
  type MoveKnowledgeNodeRequest,
} from '@lectern/contracts/knowledge-graph/knowledge-node.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { knowledgeNodesKey } from './knowledge-graph-keys.ts';

/** `POST /api/course/{id}/knowledge-node/move`: puts a node (and its subtree) under another parent. */
export function moveKnowledgeNode(courseId: number, body: MoveKnowledgeNodeRequest): Promise<KnowledgeNode> {
  return request(`/api/course/${courseId}/knowledge-node/move`, {
    method: 'POST',
    body,
    schema: KnowledgeNodeSchema,
  });
}

export function useMoveKnowledgeNode(courseId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: MoveKnowledgeNodeRequest) => moveKnowledgeNode(courseId, body),
    onSettled: () => client.invalidateQueries({ queryKey: knowledgeNodesKey(courseId) }),
  });
}
