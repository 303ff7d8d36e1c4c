import { HotTopicsResponseSchema, type HotTopic } from '@lectern/contracts/discussions/discussions.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { discussionsQueryKey } from './discussions-cache.ts';

/** Under the discussions prefix but per course: a post in any of the course's forums can reorder it. */
export function hotTopicsQueryKey(courseId: number) {
  return [...discussionsQueryKey, 'course', courseId, 'hot-topics'] as const;
}

/** `GET /api/studio/{courseId}/hot-topics`: the course's busiest forum topics, most replies first. */
export function listHotTopics(courseId: number, signal?: AbortSignal): Promise<{ hot_topics: HotTopic[] }> {
  return request(`/api/studio/${courseId}/hot-topics`, { schema: HotTopicsResponseSchema, signal });
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
