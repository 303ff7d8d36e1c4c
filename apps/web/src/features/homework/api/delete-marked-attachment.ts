import { MessageResponseSchema } from '@lectern/contracts/activities/activity.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { homeworkKey } from './homework-keys.ts';

export interface DeleteMarkedAttachmentVariables {
  homeworkId: number;
  attachmentId: number;
}

/** `DELETE /api/uploads/marked_attachment/{id}`: removes one of the marker's files from a submission. */
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
    onSuccess: (_result, { homeworkId }) =>
      queryClient.invalidateQueries({ queryKey: homeworkKey(homeworkId) }),
  });
}
