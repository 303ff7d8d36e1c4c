import type {
  CommentsResponse,
  RepliesResponse,
  Reply,
  TopicDetailResponse,
  TopicsResponse,
} from '@lectern/contracts/discussions/discussions.schemas';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';

/** Every cached discussions entry lives under this prefix. */
export const discussionsQueryKey = ['discussions'] as const;

/** Everything cached for one activity's discussion (comments, questions, replies, topics). */
export function activityDiscussionKey(activityId: number) {
  return [...discussionsQueryKey, 'activity', activityId] as const;
}

/** Comments (topics are comments with a title) or replies. */
export type PostKind = 'comment' | 'reply';

/** The fields a like or an edit changes; comments, topics and replies all carry them. */
export interface PostPatch {
  approval_count?: number;
  current_user_liked?: boolean;
  content?: string;
  updated_at?: string;
}

/** The shapes the discussion queries cache; a like or an edit has to reach the post wherever it shows. */
type CachedData =
  CommentsResponse | InfiniteData<CommentsResponse> | RepliesResponse | TopicsResponse | TopicDetailResponse;

function patchList<T extends { id: number }>(items: T[], id: number, patch: PostPatch): T[] {
  return items.some((item) => item.id === id)
    ? items.map((item) => (item.id === id ? { ...item, ...patch } : item))
    : items;
}

function patchComments(response: CommentsResponse, kind: PostKind, id: number, patch: PostPatch) {
  if (kind === 'comment') return { ...response, comments: patchList(response.comments, id, patch) };
  return {
    ...response,
    comments: response.comments.map((comment) => {
      const replies: Reply[] = patchList(comment.comment_replies, id, patch);
      return replies === comment.comment_replies ? comment : { ...comment, comment_replies: replies };
    }),
  };
}

function patchData(data: CachedData, kind: PostKind, id: number, patch: PostPatch): CachedData {
  // CommentsResponse has a numeric `pages` too; only the infinite list has pageParams.
  if ('pageParams' in data) {
    return { ...data, pages: data.pages.map((page) => patchComments(page, kind, id, patch)) };
  }
  if ('comments' in data) return patchComments(data, kind, id, patch);
  if ('topic' in data) {
    if (kind === 'reply') return { ...data, replies: patchList(data.replies, id, patch) };
    return data.topic.id === id ? { ...data, topic: { ...data.topic, ...patch } } : data;
  }
  if ('topics' in data)
    return kind === 'comment' ? { ...data, topics: patchList(data.topics, id, patch) } : data;
  return kind === 'reply' ? { ...data, replies: patchList(data.replies, id, patch) } : data;
}

/**
 * Applies `patch` to one comment (or topic) or reply in every cached list of the activity, so a like or
 * an edit shows at once without reloading lists whose order (by heat) it could reshuffle under the reader.
 */
export function updateCachedPost(
  queryClient: QueryClient,
  activityId: number,
  kind: PostKind,
  id: number,
  patch: PostPatch,
): void {
  queryClient.setQueriesData<CachedData>({ queryKey: activityDiscussionKey(activityId) }, (data) =>
    data ? patchData(data, kind, id, patch) : data,
  );
}
