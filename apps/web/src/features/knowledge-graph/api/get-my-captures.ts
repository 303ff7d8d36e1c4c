import {
  CapturesResponseSchema,
  type CapturesResponse,
} from '@lectern/contracts/knowledge-graph/knowledge-capture.schemas';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { knowledgeGraphQueryKey } from './knowledge-graph-keys.ts';

/** `GET /api/my-captures` (page, page_size, course_id): the caller's own captures, newest first. */
export function getMyCaptures(
  query: { course_id: number; page: number; page_size: number },
  signal?: AbortSignal,
): Promise<CapturesResponse> {
  return request('/api/my-captures', { query, schema: CapturesResponseSchema, signal });
}

export function useMyCaptures(courseId: number, page: number, pageSize: number, enabled = true) {
  return useQuery({
    enabled,
    queryKey: [...knowledgeGraphQueryKey, 'captures', 'my', courseId, page, pageSize],
    queryFn: ({ signal }) => getMyCaptures({ course_id: courseId, page, page_size: pageSize }, signal),
    placeholderData: keepPreviousData,
  });
}
