import { useMutation } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';

/** `DELETE /api/comment-replies/{id}`. */
export async function deleteReply(replyId: number): Promise<void> {
  await request(`/api/comment-replies/${replyId}`, { method: 'DELETE' });
}

export function useDeleteReply() {
  return useMutation({ mutationFn: deleteReply });
}
