import {
  KnowledgeTimelineResponseSchema,
  type KnowledgeTimelineResponse,
} from '@lectern/contracts/knowledge-graph/knowledge-publish.schemas';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { knowledgeTimelineKey } from './knowledge-graph-keys.ts';

/** `GET /api/course/{id}/knowledge-stats-timeline`: the course's snapshots, newest first. */
export function getKnowledgeTimeline(
  courseId: number,
  signal?: AbortSignal,
): Promise<KnowledgeTimelineResponse> {
  return request(`/api/course/${courseId}/knowledge-stats-timeline`, {
    schema: KnowledgeTimelineResponseSchema,
    signal,
  });
}

export function useKnowledgeTimeline(courseId: number, enabled = true) {
  return useQuery({
    queryKey: knowledgeTimelineKey(courseId),
    queryFn: ({ signal }) => getKnowledgeTimeline(courseId, signal),
    enabled,
  });
}
