import {
  ActivityKnowledgeReferencesResponseSchema,
  type ActivityKnowledgeReferencesResponse,
} from '@lectern/contracts/knowledge-graph/knowledge-reference.schemas';
import { request } from '../../../shared/api/http-client.ts';

/**
 * `POST /api/activities/{id}/knowledge-references/related-media`: the activity is linked to exactly these
 * nodes (the picker's OK, and removing one tag). Called from the picker, which refreshes the caches itself.
 */
export function saveActivityKnowledgeNodes(
  activityId: number,
  knowledgeNodeIds: readonly number[],
): Promise<ActivityKnowledgeReferencesResponse> {
  return request(`/api/activities/${activityId}/knowledge-references/related-media`, {
    method: 'POST',
    body: { knowledge_node_ids: [...knowledgeNodeIds] },
    schema: ActivityKnowledgeReferencesResponseSchema,
  });
}
