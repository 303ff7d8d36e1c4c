import {
  TopicDetailResponseSchema,
  type TopicDetailResponse,
} from '@lectern/contracts/discussions/discussions.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { activityDiscussionKey } from './discussions-cache.ts';

export function topicQueryKey(activityId: number, topicId: number) {
  return [...activityDiscussionKey(activityId), 'topic', topicId] as const;
}

/** `GET /api/topics/{id}`: the topic with the first page of its thread. */
export function getTopic(topicId: number, signal?: AbortSignal): Promise<TopicDetailResponse> {
  return request(`/api/topics/${topicId}`, { schema: TopicDetailResponseSchema, signal });
}

export function topicQueryOptions(activityId: number, topicId: number) {
  return queryOptions({
    queryKey: topicQueryKey(activityId, topicId),
    queryFn: ({ signal }) => getTopic(topicId, signal),
  });
}

export function useTopic(activityId: number, topicId: number) {
  return useQuery(topicQueryOptions(activityId, topicId));
}
