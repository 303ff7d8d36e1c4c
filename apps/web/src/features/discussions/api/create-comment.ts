import {
  CommentSchema,
  type Comment,
  type CreateCommentRequest,
} from '@lectern/contracts/discussions/discussions.schemas';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';

export interface CreateCommentVariables {
  activityId: number;
  body: CreateCommentRequest;
}

/** `POST /api/activities/{id}/comments`: a comment, a question or a forum topic. */
export function createComment({ activityId, body }: CreateCommentVariables): Promise<Comment> {
  return request(`/api/activities/${activityId}/comments`, { method: 'POST', body, schema: CommentSchema });
}

/** The caller decides what to refresh: the paged list reloads, the question panel prepends. */
export function useCreateComment() {
  return useMutation({ mutationFn: createComment });
}
