import {
  DeleteKnowledgeRelationsResponseSchema,
  type DeleteKnowledgeRelationsRequest,
  type DeleteKnowledgeRelationsResponse,
} from '@lectern/contracts/knowledge-graph/knowledge-relation.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { knowledgeGraphQueryKey } from './knowledge-graph-keys.ts';

/** `POST /api/course/{id}/knowledge-node/relation/delete`. */
export function deleteKnowledgeRelations(
  courseId: number,
  body: DeleteKnowledgeRelationsRequest,
): Promise<DeleteKnowledgeRelationsResponse> {
  return request(`/api/course/${courseId}/knowledge-node/relation/delete`, {
    method: 'POST',
    body,
    schema: DeleteKnowledgeRelationsResponseSchema,
  });
}

export function useDeleteKnowledgeRelations(courseId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (relationIds: number[]) => deleteKnowledgeRelations(courseId, { relation_ids: relationIds }),
    onSettled: () => client.invalidateQueries({ queryKey: knowledgeGraphQueryKey }),
  });
}
