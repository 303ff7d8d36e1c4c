import { OkResponseSchema } from '@lectern/contracts/common/primitives.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { extensionAppsKey } from './course-services-keys.ts';

/** `DELETE /api/courses/{id}/extension-apps/{appId}`. */
export function deleteExtensionApp(courseId: number, appId: number) {
  return request(`/api/courses/${courseId}/extension-apps/${appId}`, {
    method: 'DELETE',
    schema: OkResponseSchema,
  });
}

export function useDeleteExtensionApp(courseId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (appId: number) => deleteExtensionApp(courseId, appId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: extensionAppsKey(courseId, 'member') }),
  });
}
