import {
  DISCUSSION_LIMITS,
  RepliesResponseSchema,
  type RepliesResponse,
} from '@lectern/contracts/discussions/discussions.schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { activityDiscussionKey } from './discussions-cache.ts';

/** Every cached reply page of one comment. */
export function commentRepliesKey(activityId: number, commentId: number) {
  return [...activityDiscussionKey(activityId), 'replies', commentId] as const;
}

/** `GET /api/comments/{id}/replies`: one page (10) of a comment's replies, oldest first. */
export function listReplies(commentId: number, page: number, signal?: AbortSignal): Promise<RepliesResponse> {
  return request(`/api/comments/${commentId}/replies`, {
    query: { page, page_size: DISCUSSION_LIMITS.replyPageSize },
    schema: RepliesResponseSchema,
    signal,
  });
}

export function repliesQueryOptions(activityId: number, commentId: number, page: number) {
  return queryOptions({
    queryKey: [...commentRepliesKey(activityId, commentId), page] as const,
    queryFn: ({ signal }) => listReplies(commentId, page, signal),
    placeholderData: keepPreviousData,
  });
}

/**
 * One page of a comment's replies. `firstPage` is what the comment list already embedded, shown without
 * a request until a reply is written or another page is asked for.
 */
export function useReplies(activityId: number, commentId: number, page: number, firstPage?: RepliesResponse) {
  return useQuery({
    ...repliesQueryOptions(activityId, commentId, page),
    initialData: page === 1 ? firstPage : undefined,
  });
}
