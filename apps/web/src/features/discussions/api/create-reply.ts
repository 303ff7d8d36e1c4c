import {
  ReplySchema,
  type CreateReplyRequest,
  type Reply,
} from '@lectern/contracts/discussions/discussions.schemas';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';

export interface CreateReplyVariables {
  commentId: number;
  body: CreateReplyRequest;
}

/** `POST /api/comments/{id}/replies`: parent_id 0 answers the comment, otherwise one of its replies. */
export function createReply({ commentId, body }: CreateReplyVariables): Promise<Reply> {
  return request(`/api/comments/${commentId}/replies`, { method: 'POST', body, schema: ReplySchema });
}

export function useCreateReply() {
  return useMutation({ mutationFn: createReply });
}
