import {
  KnowledgeClustersSchema,
  type KnowledgeClusters,
} from '@lectern/contracts/knowledge-graph/knowledge-sync.schemas';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { knowledgeClustersKey } from './knowledge-sync-keys.ts';

/** `GET /api/course/{id}/knowledge-graph/cluster`: groups of similar nodes. */
export function getKnowledgeClusters(
  courseId: number,
  threshold: number,
  signal?: AbortSignal,
): Promise<KnowledgeClusters> {
  return request(`/api/course/${courseId}/knowledge-graph/cluster?threshold=${threshold}`, {
    schema: KnowledgeClustersSchema,
    signal,
  });
}

export function useKnowledgeClusters(courseId: number, threshold: number, enabled: boolean) {
  return useQuery({
    queryKey: knowledgeClustersKey(courseId, threshold),
    queryFn: ({ signal }) => getKnowledgeClusters(courseId, threshold, signal),
    enabled,
  });
}
