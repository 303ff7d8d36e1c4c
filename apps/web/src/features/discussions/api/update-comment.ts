import {
  CommentSchema,
  type Comment,
  type UpdateCommentRequest,
} from '@lectern/contracts/discussions/discussions.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { updateCachedPost } from './discussions-cache.ts';

export interface UpdateCommentVariables {
  commentId: number;
  body: UpdateCommentRequest;
}

/** `PUT /api/comments/{id}`. */
export function updateComment({ commentId, body }: UpdateCommentVariables): Promise<Comment> {
  return request(`/api/comments/${commentId}`, { method: 'PUT', body, schema: CommentSchema });
}

/** Saves an edit and shows the stored (sanitised) content wherever the comment is cached. */
export function useUpdateComment(activityId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateComment,
    onSuccess: (comment) =>
      updateCachedPost(queryClient, activityId, 'comment', comment.id, {
        content: comment.content,
        updated_at: comment.updated_at,
      }),
  });
}
