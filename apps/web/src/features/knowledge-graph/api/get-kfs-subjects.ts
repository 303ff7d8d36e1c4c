import {
  KnowledgeSourceSubjectsSchema,
  type KnowledgeSourceSubjects,
} from '@lectern/contracts/knowledge-graph/knowledge-source.schemas';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { kfsQueryKey } from './knowledge-sync-keys.ts';

/** `GET /api/knowledge-graph/kfs-subjects`: the remote source's classifications and published courses. */
export function getKfsSubjects(signal?: AbortSignal): Promise<KnowledgeSourceSubjects> {
  return request('/api/knowledge-graph/kfs-subjects', { schema: KnowledgeSourceSubjectsSchema, signal });
}

export function useKfsSubjects(enabled: boolean) {
  return useQuery({
    queryKey: [...kfsQueryKey, 'subjects'],
    queryFn: ({ signal }) => getKfsSubjects(signal),
    enabled,
  });
}
