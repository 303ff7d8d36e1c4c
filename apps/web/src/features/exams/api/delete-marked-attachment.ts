import { MessageResponseSchema } from '@lectern/contracts/activities/activity.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { markingQueryKey } from './list-marking-examinees.ts';

export interface DeleteMarkedAttachmentVariables {
  examId: number;
  attachmentId: number;
}

/** `DELETE /api/uploads/marked_attachment/{id}`: removes a marker's file from a submission. */
export function deleteMarkedAttachment({
  attachmentId,
}: DeleteMarkedAttachmentVariables): Promise<{ message: string }> {
  return request(`/api/uploads/marked_attachment/${attachmentId}`, {
    method: 'DELETE',
    schema: MessageResponseSchema,
  });
}

export function useDeleteMarkedAttachment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMarkedAttachment,
    onSuccess: (_message, { examId }) => queryClient.invalidateQueries({ queryKey: markingQueryKey(examId) }),
  });
}
