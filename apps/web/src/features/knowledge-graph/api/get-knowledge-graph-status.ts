import {
  KnowledgeGraphStatusSchema,
  type KnowledgeGraphStatus,
} from '@lectern/contracts/knowledge-graph/knowledge-publish.schemas';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { knowledgeGraphStatusKey } from './knowledge-graph-keys.ts';

/** `GET /api/course/{id}/knowledge-graph-status`: whether the graph is published (any member may ask). */
export function getKnowledgeGraphStatus(
  courseId: number,
  signal?: AbortSignal,
): Promise<KnowledgeGraphStatus> {
  return request(`/api/course/${courseId}/knowledge-graph-status`, {
    schema: KnowledgeGraphStatusSchema,
    signal,
  });
}

export function useKnowledgeGraphStatus(courseId: number, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: knowledgeGraphStatusKey(courseId),
    queryFn: ({ signal }) => getKnowledgeGraphStatus(courseId, signal),
    enabled: options.enabled ?? true,
  });
}
