import { useMutation } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';

/** `DELETE /api/comments/{id}` (its replies go with it). */
export async function deleteComment(commentId: number): Promise<void> {
  await request(`/api/comments/${commentId}`, { method: 'DELETE' });
}

/** The caller decides what to refresh: the paged list reloads, the question panel removes it locally. */
export function useDeleteComment() {
  return useMutation({ mutationFn: deleteComment });
}
