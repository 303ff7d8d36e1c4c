import {
  KnowledgeRelationSchema,
  type KnowledgeRelation,
} from '@lectern/contracts/knowledge-graph/knowledge-node.schemas';
import type { UpdateKnowledgeRelationRequest } from '@lectern/contracts/knowledge-graph/knowledge-relation.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { knowledgeGraphQueryKey } from './knowledge-graph-keys.ts';

/** `PUT /api/course/{id}/knowledge-node/relation`: changes a relation's ends or whether it is directed. */
export function updateKnowledgeRelation(
  courseId: number,
  body: UpdateKnowledgeRelationRequest,
): Promise<KnowledgeRelation> {
  return request(`/api/course/${courseId}/knowledge-node/relation`, {
    method: 'PUT',
    body,
    schema: KnowledgeRelationSchema,
  });
}

export function useUpdateKnowledgeRelation(courseId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateKnowledgeRelationRequest) => updateKnowledgeRelation(courseId, body),
    onSettled: () => client.invalidateQueries({ queryKey: knowledgeGraphQueryKey }),
  });
}
