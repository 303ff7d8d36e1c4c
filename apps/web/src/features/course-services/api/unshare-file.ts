import { OkResponseSchema } from '@lectern/contracts/common/primitives.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { resourceAuditKey, sharedFilesKey } from './course-services-keys.ts';

/** `DELETE /api/courses/{id}/shared-files/{uploadId}`: takes a shared file out of the course. */
export function unshareFile(courseId: number, uploadId: number) {
  return request(`/api/courses/${courseId}/shared-files/${uploadId}`, {
    method: 'DELETE',
    schema: OkResponseSchema,
  });
}

export function useUnshareFile(courseId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (uploadId: number) => unshareFile(courseId, uploadId),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: sharedFilesKey(courseId) }),
        queryClient.invalidateQueries({ queryKey: resourceAuditKey }),
      ]),
  });
}
