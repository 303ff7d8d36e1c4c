import {
  KnowledgeNodeSchema,
  type CreateKnowledgeNodeRequest,
  type KnowledgeNode,
} from '@lectern/contracts/knowledge-graph/knowledge-node.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { knowledgeNodesKey } from './knowledge-graph-keys.ts';

/** `POST /api/course/{id}/knowledge-node`: a root, or a child of `parent_id`. */
export function createKnowledgeNode(
  courseId: number,
  body: CreateKnowledgeNodeRequest,
): Promise<KnowledgeNode> {
  return request(`/api/course/${courseId}/knowledge-node`, {
    method: 'POST',
    body,
    schema: KnowledgeNodeSchema,
  });
}

export function useCreateKnowledgeNode(courseId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateKnowledgeNodeRequest) => createKnowledgeNode(courseId, body),
    onSettled: () => client.invalidateQueries({ queryKey: knowledgeNodesKey(courseId) }),
  });
}
