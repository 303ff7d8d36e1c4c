import {
  CapturesResponseSchema,
  type CapturesResponse,
} from '@lectern/contracts/knowledge-graph/knowledge-capture.schemas';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { knowledgeGraphQueryKey } from './knowledge-graph-keys.ts';

/** `GET /api/public-captures` (page, page_size, course_id): captures their authors made public, newest first. */
export function getPublicCaptures(
  query: { course_id: number; page: number; page_size: number },
  signal?: AbortSignal,
): Promise<CapturesResponse> {
  return request('/api/public-captures', { query, schema: CapturesResponseSchema, signal });
}

export function usePublicCaptures(courseId: number, page: number, pageSize: number, enabled = true) {
  return useQuery({
    enabled,
    queryKey: [...knowledgeGraphQueryKey, 'captures', 'public', courseId, page, pageSize],
    queryFn: ({ signal }) => getPublicCaptures({ course_id: courseId, page, page_size: pageSize }, signal),
    placeholderData: keepPreviousData,
  });
}
