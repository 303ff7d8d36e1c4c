import type { HotTopicsResponseSchema } from '@lectern/contracts/discussions/discussions.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { requestTyped } from '../../../shared/api/http-client.ts';
import { discussionsQueryKey } from './discussions-cache.ts';

/** Under the discussions prefix but per course: a post in any of the course's forums can reorder it. */
export function hotTopicsQueryKey(courseId: number) {
  return [...discussionsQueryKey, 'course', courseId, 'hot-topics'] as const;
}

type HotTopicsResponse = z.infer<typeof HotTopicsResponseSchema>;

/**
 * `GET /api/studio/{courseId}/hot-topics`: the course's busiest forum topics, most replies first. Typed,
 * not parsed: the course page asks for it while it loads, and parsing brought zod to it (decision 0014).
 */
export function listHotTopics(courseId: number, signal?: AbortSignal): Promise<HotTopicsResponse> {
  return requestTyped<HotTopicsResponse>(`/api/studio/${courseId}/hot-topics`, { signal });
}

export function hotTopicsQueryOptions(courseId: number) {
  return queryOptions({
    queryKey: hotTopicsQueryKey(courseId),
    queryFn: ({ signal }) => listHotTopics(courseId, signal),
  });
}

export function useHotTopics(courseId: number) {
  return useQuery(hotTopicsQueryOptions(courseId));
}
