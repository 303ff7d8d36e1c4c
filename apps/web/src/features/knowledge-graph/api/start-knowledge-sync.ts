import {
  KnowledgeSyncStatusSchema,
  type KnowledgeSyncStatus,
} from '@lectern/contracts/knowledge-graph/knowledge-sync.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { knowledgeSyncStatusKey } from './knowledge-sync-keys.ts';

/** `POST /api/course/{id}/knowledge-graph/sync`: queues a full sync from the source. */
export function startKnowledgeSync(courseId: number): Promise<KnowledgeSyncStatus> {
  return request(`/api/course/${courseId}/knowledge-graph/sync`, {
    method: 'POST',
    schema: KnowledgeSyncStatusSchema,
  });
}

export function useStartKnowledgeSync(courseId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => startKnowledgeSync(courseId),
    onSuccess: (status) => client.setQueryData(knowledgeSyncStatusKey(courseId), status),
  });
}
