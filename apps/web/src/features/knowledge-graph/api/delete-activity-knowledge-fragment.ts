import {
  ActivityKnowledgeReferencesResponseSchema,
  type ActivityKnowledgeReferencesResponse,
  type FragmentsDeleteRequest,
} from '@lectern/contracts/knowledge-graph/knowledge-reference.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { activityKnowledgeReferencesKey, knowledgeNodeKey } from './knowledge-graph-keys.ts';

/** `PUT /api/activities/{id}/knowledge-references/fragments-delete`: removes one fragment of a link. */
export function deleteActivityKnowledgeFragment(
  activityId: number,
  body: FragmentsDeleteRequest,
): Promise<ActivityKnowledgeReferencesResponse> {
  return request(`/api/activities/${activityId}/knowledge-references/fragments-delete`, {
    method: 'PUT',
    body,
    schema: ActivityKnowledgeReferencesResponseSchema,
  });
}

/** Removes a fragment shown under a node; the node's counts and fragments and the activity's links follow. */
export function useDeleteActivityKnowledgeFragment(nodeId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ activityId, body }: { activityId: number; body: FragmentsDeleteRequest }) =>
      deleteActivityKnowledgeFragment(activityId, body),
    onSuccess: (answer, { activityId }) => {
      client.setQueryData(activityKnowledgeReferencesKey(activityId), answer);
      return client.invalidateQueries({ queryKey: knowledgeNodeKey(nodeId) });
    },
  });
}
