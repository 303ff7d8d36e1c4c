import {
  CommentsResponseSchema,
  type CommentsQuery,
  type CommentsResponse,
} from '@lectern/contracts/discussions/discussions.schemas';
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { activityDiscussionKey } from './discussions-cache.ts';

/** The contract's query, with the fields it coerces from text given as the numbers the client sends. */
export type CommentsListQuery = Omit<CommentsQuery, 'page' | 'page_size' | 'referrer_id'> & {
  page?: number;
  page_size?: number;
  referrer_id?: number;
};

export function commentsQueryKey(activityId: number, query: CommentsListQuery) {
  return [...activityDiscussionKey(activityId), 'comments', query] as const;
}

/** `GET /api/activities/{id}/comments`: one page of comments or questions with the given filters. */
export function listComments(
  activityId: number,
  query: CommentsListQuery,
  signal?: AbortSignal,
): Promise<CommentsResponse> {
  return request(`/api/activities/${activityId}/comments`, {
    query: { ...query },
    schema: CommentsResponseSchema,
    signal,
  });
}

export function commentsQueryOptions(activityId: number, query: CommentsListQuery) {
  return queryOptions({
    queryKey: commentsQueryKey(activityId, query),
    queryFn: ({ signal }) => listComments(activityId, query, signal),
    // Paging keeps the current page on screen until the next one arrives.
    placeholderData: keepPreviousData,
  });
}

/** A paged list (antd Pagination): `query` holds page and page_size. */
export function useComments(activityId: number, query: CommentsListQuery) {
  return useQuery(commentsQueryOptions(activityId, query));
}

/** Query without page: the infinite list asks page after page itself. */
export type InfiniteCommentsQuery = Omit<CommentsListQuery, 'page' | 'cursor'>;

export function infiniteCommentsQueryKey(activityId: number, query: InfiniteCommentsQuery) {
  return [...activityDiscussionKey(activityId), 'comments-infinite', query] as const;
}

interface PageParam {
  page: number;
  cursor?: string;
}

export function infiniteCommentsQueryOptions(activityId: number, query: InfiniteCommentsQuery) {
  return infiniteQueryOptions({
    queryKey: infiniteCommentsQueryKey(activityId, query),
    queryFn: ({ signal, pageParam }) =>
      listComments(activityId, { ...query, page: pageParam.page, cursor: pageParam.cursor }, signal),
    initialPageParam: { page: 1 } as PageParam,
    // The cursor (last id shown) continues exactly after what is on screen, so a question prepended or
    // removed locally does not make the next page repeat or skip one; page goes along for older servers.
    getNextPageParam: (
      last: CommentsResponse,
      _all: CommentsResponse[],
      lastParam: PageParam,
    ): PageParam | undefined =>
      last.next_cursor === null ? undefined : { page: lastParam.page + 1, cursor: last.next_cursor },
    // Choosing an order or a page asks for the list as it is now: likes since it was cached (patched in
    // place, not re-sorted) would otherwise leave "by heat" out of order. The cached copy shows meanwhile.
    staleTime: 0,
  });
}

/** A list that grows as the reader scrolls (question panel). */
export function useInfiniteComments(activityId: number, query: InfiniteCommentsQuery) {
  return useInfiniteQuery(infiniteCommentsQueryOptions(activityId, query));
}
