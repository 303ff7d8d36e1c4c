import {
  KnowledgeSyncStatusSchema,
  type KnowledgeSyncStatus,
  type SetKnowledgeSourceRequest,
} from '@lectern/contracts/knowledge-graph/knowledge-sync.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { knowledgeSyncKey, knowledgeSyncStatusKey } from './knowledge-sync-keys.ts';

/** `PUT /api/course/{id}/knowledge-graph/source`: another course here, a remote version, or none. */
export function setKnowledgeSource(
  courseId: number,
  body: SetKnowledgeSourceRequest,
): Promise<KnowledgeSyncStatus> {
  return request(`/api/course/${courseId}/knowledge-graph/source`, {
    method: 'PUT',
    body,
    schema: KnowledgeSyncStatusSchema,
  });
}

export function useSetKnowledgeSource(courseId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SetKnowledgeSourceRequest) => setKnowledgeSource(courseId, body),
    onSuccess: (status) => client.setQueryData(knowledgeSyncStatusKey(courseId), status),
    onSettled: () => client.invalidateQueries({ queryKey: knowledgeSyncKey(courseId) }),
  });
}
