import { MessageResponseSchema } from '@lectern/contracts/activities/activity.schemas';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { UPLOADS_PATH } from './create-upload.ts';

/** Deletes the file itself (not just one attachment of it); the answer is a localised confirmation. */
export function deleteUpload(id: number): Promise<{ message: string }> {
  return request(`${UPLOADS_PATH}/${id}`, { method: 'DELETE', schema: MessageResponseSchema });
}

export function useDeleteUpload() {
  return useMutation({ mutationFn: deleteUpload });
}
