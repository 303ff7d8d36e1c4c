import {
  KnowledgePublishedVersionsSchema,
  type KnowledgePublishedVersions,
} from '@lectern/contracts/knowledge-graph/knowledge-source.schemas';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { kfsQueryKey } from './knowledge-sync-keys.ts';

/** `GET /api/knowledge-graph/kfs-courses/-/published-forest-versions:batchGet?ids=`: versions, newest first. */
export function getKfsPublishedVersions(
  courseIds: readonly number[],
  signal?: AbortSignal,
): Promise<KnowledgePublishedVersions> {
  return request(
    `/api/knowledge-graph/kfs-courses/-/published-forest-versions:batchGet?ids=${courseIds.join(',')}`,
    { schema: KnowledgePublishedVersionsSchema, signal },
  );
}

export function useKfsPublishedVersions(courseId: number | null) {
  return useQuery({
    queryKey: [...kfsQueryKey, 'versions', courseId],
    queryFn: ({ signal }) => getKfsPublishedVersions(courseId === null ? [] : [courseId], signal),
    enabled: courseId !== null,
  });
}
