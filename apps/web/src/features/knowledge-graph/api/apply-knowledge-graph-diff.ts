import {
  ApplyKnowledgeDiffResponseSchema,
  type ApplyKnowledgeDiffRequest,
  type ApplyKnowledgeDiffResponse,
} from '@lectern/contracts/knowledge-graph/knowledge-sync.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { knowledgeGraphQueryKey } from './knowledge-graph-keys.ts';

/** `POST /api/course/{id}/knowledge-graphs/diff/sync`: applies every difference, or the chosen ones. */
export function applyKnowledgeGraphDiff(
  courseId: number,
  body: ApplyKnowledgeDiffRequest,
): Promise<ApplyKnowledgeDiffResponse> {
  return request(`/api/course/${courseId}/knowledge-graphs/diff/sync`, {
    method: 'POST',
    body,
    schema: ApplyKnowledgeDiffResponseSchema,
  });
}

/** The graph itself changed: every knowledge-graph query (tree, diff, status) is refreshed. */
export function useApplyKnowledgeGraphDiff(courseId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ApplyKnowledgeDiffRequest) => applyKnowledgeGraphDiff(courseId, body),
    onSettled: () => client.invalidateQueries({ queryKey: knowledgeGraphQueryKey }),
  });
}
