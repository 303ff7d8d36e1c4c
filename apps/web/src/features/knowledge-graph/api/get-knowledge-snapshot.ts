import {
  KnowledgeGraphSnapshotSchema,
  type KnowledgeGraphSnapshot,
} from '@lectern/contracts/knowledge-graph/knowledge-publish.schemas';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { knowledgeSnapshotKey } from './knowledge-graph-keys.ts';

/** `GET /api/course/{id}/knowledge-graph-snapshot/{snapshotId}`: the tree and relations as they were. */
export function getKnowledgeSnapshot(
  courseId: number,
  snapshotId: number,
  signal?: AbortSignal,
): Promise<KnowledgeGraphSnapshot> {
  return request(`/api/course/${courseId}/knowledge-graph-snapshot/${snapshotId}`, {
    schema: KnowledgeGraphSnapshotSchema,
    signal,
  });
}

export function useKnowledgeSnapshot(courseId: number, snapshotId: number | null) {
  return useQuery({
    queryKey: knowledgeSnapshotKey(courseId, snapshotId ?? 0),
    queryFn: ({ signal }) => getKnowledgeSnapshot(courseId, snapshotId ?? 0, signal),
    enabled: snapshotId !== null,
  });
}
