import {
  ActivityKnowledgeReferencesResponseSchema,
  type ActivityKnowledgeReferencesResponse,
} from '@lectern/contracts/knowledge-graph/knowledge-reference.schemas';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { activityKnowledgeReferencesKey } from './knowledge-graph-keys.ts';

/** `GET /api/activities/{id}/knowledge-references/get`: the nodes an activity teaches (its saved selection). */
export function getActivityKnowledgeReferences(
  activityId: number,
  signal?: AbortSignal,
): Promise<ActivityKnowledgeReferencesResponse> {
  return request(`/api/activities/${activityId}/knowledge-references/get`, {
    schema: ActivityKnowledgeReferencesResponseSchema,
    signal,
  });
}

export function useActivityKnowledgeReferences(activityId: number) {
  return useQuery({
    queryKey: activityKnowledgeReferencesKey(activityId),
    queryFn: ({ signal }) => getActivityKnowledgeReferences(activityId, signal),
    enabled: activityId !== 0,
  });
}
