import {
  KnowledgeGraphDiffSchema,
  type KnowledgeGraphDiff,
} from '@lectern/contracts/knowledge-graph/knowledge-sync.schemas';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { knowledgeDiffKey } from './knowledge-sync-keys.ts';

/** `GET /api/course/{id}/knowledge-graphs/diff`: what a sync from the source would change here. */
export function getKnowledgeGraphDiff(courseId: number, signal?: AbortSignal): Promise<KnowledgeGraphDiff> {
  return request(`/api/course/${courseId}/knowledge-graphs/diff`, {
    schema: KnowledgeGraphDiffSchema,
    signal,
  });
}

export function useKnowledgeGraphDiff(courseId: number, enabled: boolean) {
  return useQuery({
    queryKey: knowledgeDiffKey(courseId),
    queryFn: ({ signal }) => getKnowledgeGraphDiff(courseId, signal),
    enabled,
    retry: false,
  });
}
