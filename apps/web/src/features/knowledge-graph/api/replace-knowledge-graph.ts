import {
  ReplaceKnowledgeGraphResponseSchema,
  type ReplaceKnowledgeGraphResponse,
} from '@lectern/contracts/knowledge-graph/knowledge-sync.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { knowledgeGraphQueryKey } from './knowledge-graph-keys.ts';

/** `PUT /api/course/{id}/knowledge-graph/replace`: the graph becomes the source's (a snapshot is taken first). */
export function replaceKnowledgeGraph(courseId: number): Promise<ReplaceKnowledgeGraphResponse> {
  return request(`/api/course/${courseId}/knowledge-graph/replace`, {
    method: 'PUT',
    body: {},
    schema: ReplaceKnowledgeGraphResponseSchema,
  });
}

export function useReplaceKnowledgeGraph(courseId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => replaceKnowledgeGraph(courseId),
    onSettled: () => client.invalidateQueries({ queryKey: knowledgeGraphQueryKey }),
  });
}
