import {
  ReplySchema,
  type Reply,
  type UpdateReplyRequest,
} from '@lectern/contracts/discussions/discussions.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { updateCachedPost } from './discussions-cache.ts';

export interface UpdateReplyVariables {
  replyId: number;
  body: UpdateReplyRequest;
}

/** `PUT /api/comment-replies/{id}`. */
export function updateReply({ replyId, body }: UpdateReplyVariables): Promise<Reply> {
  return request(`/api/comment-replies/${replyId}`, { method: 'PUT', body, schema: ReplySchema });
}

export function useUpdateReply(activityId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateReply,
    onSuccess: (reply) =>
      updateCachedPost(queryClient, activityId, 'reply', reply.id, {
        content: reply.content,
        updated_at: reply.updated_at,
      }),
  });
}
