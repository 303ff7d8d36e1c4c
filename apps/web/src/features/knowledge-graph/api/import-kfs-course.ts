import type { KfsCourseImportRequest } from '@lectern/contracts/knowledge-graph/knowledge-source.schemas';
import {
  KnowledgeSyncStatusSchema,
  type KnowledgeSyncStatus,
} from '@lectern/contracts/knowledge-graph/knowledge-sync.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { knowledgeSyncKey, knowledgeSyncStatusKey } from './knowledge-sync-keys.ts';

/** `POST /api/knowledge-graph/courses/{id}/kfs-course-import`: the remote version becomes the source and is synced. */
export function importKfsCourse(
  courseId: number,
  body: KfsCourseImportRequest,
): Promise<KnowledgeSyncStatus> {
  return request(`/api/knowledge-graph/courses/${courseId}/kfs-course-import`, {
    method: 'POST',
    body,
    schema: KnowledgeSyncStatusSchema,
  });
}

export function useImportKfsCourse(courseId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: KfsCourseImportRequest) => importKfsCourse(courseId, body),
    onSuccess: (status) => client.setQueryData(knowledgeSyncStatusKey(courseId), status),
    onSettled: () => client.invalidateQueries({ queryKey: knowledgeSyncKey(courseId) }),
  });
}
