import {
  TopicsResponseSchema,
  type TopicsResponse,
} from '@lectern/contracts/discussions/discussions.schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { activityDiscussionKey } from './discussions-cache.ts';

export interface TopicsQuery {
  page: number;
  page_size: number;
  keyword?: string;
}

export function topicsQueryKey(activityId: number, query?: TopicsQuery) {
  const key = [...activityDiscussionKey(activityId), 'topics'] as const;
  return query ? ([...key, query] as const) : key;
}

/** `GET /api/activities/{id}/topics`: a forum's topics, most recent activity first. */
export function listTopics(
  activityId: number,
  query: TopicsQuery,
  signal?: AbortSignal,
): Promise<TopicsResponse> {
  return request(`/api/activities/${activityId}/topics`, {
    query: { ...query },
    schema: TopicsResponseSchema,
    signal,
  });
}

export function topicsQueryOptions(activityId: number, query: TopicsQuery) {
  return queryOptions({
    queryKey: topicsQueryKey(activityId, query),
    queryFn: ({ signal }) => listTopics(activityId, query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useTopics(activityId: number, query: TopicsQuery) {
  return useQuery(topicsQueryOptions(activityId, query));
}
