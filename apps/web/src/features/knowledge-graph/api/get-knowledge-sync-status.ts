import {
  KnowledgeSyncStatusSchema,
  type KnowledgeSyncStatus,
} from '@lectern/contracts/knowledge-graph/knowledge-sync.schemas';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { knowledgeSyncStatusKey } from './knowledge-sync-keys.ts';

/** `GET /api/course/{id}/knowledge-graph/sync-status`: the source and the last sync's state. */
export function getKnowledgeSyncStatus(courseId: number, signal?: AbortSignal): Promise<KnowledgeSyncStatus> {
  return request(`/api/course/${courseId}/knowledge-graph/sync-status`, {
    schema: KnowledgeSyncStatusSchema,
    signal,
  });
}

/** Asks again every 2 s while a queued sync runs, so the status and the graph follow it. */
export function useKnowledgeSyncStatus(courseId: number) {
  return useQuery({
    queryKey: knowledgeSyncStatusKey(courseId),
    queryFn: ({ signal }) => getKnowledgeSyncStatus(courseId, signal),
    refetchInterval: (query) => (query.state.data?.status === 'running' ? 2000 : false),
  });
}
