import {
  KnowledgeRelationSchema,
  type KnowledgeRelation,
} from '@lectern/contracts/knowledge-graph/knowledge-node.schemas';
import type { CreateKnowledgeRelationRequest } from '@lectern/contracts/knowledge-graph/knowledge-relation.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { knowledgeGraphQueryKey } from './knowledge-graph-keys.ts';

/** `POST /api/course/{id}/knowledge-node/relation`: links two nodes, directed or not. */
export function createKnowledgeRelation(
  courseId: number,
  body: CreateKnowledgeRelationRequest,
): Promise<KnowledgeRelation> {
  return request(`/api/course/${courseId}/knowledge-node/relation`, {
    method: 'POST',
    body,
    schema: KnowledgeRelationSchema,
  });
}

export function useCreateKnowledgeRelation(courseId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateKnowledgeRelationRequest) => createKnowledgeRelation(courseId, body),
    // Both the graph and the two nodes' details list the relation.
    onSettled: () => client.invalidateQueries({ queryKey: knowledgeGraphQueryKey }),
  });
}
