import {
  ExtensionAppSchema,
  type ExtensionApp,
  type ExtensionAppBody,
} from '@lectern/contracts/course-services/extension-apps.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { extensionAppsKey } from './course-services-keys.ts';

/** `PUT /api/courses/{id}/extension-apps/{appId}`. */
export function updateExtensionApp(
  courseId: number,
  appId: number,
  body: ExtensionAppBody,
): Promise<ExtensionApp> {
  return request(`/api/courses/${courseId}/extension-apps/${appId}`, {
    method: 'PUT',
    body,
    schema: ExtensionAppSchema,
  });
}

export function useUpdateExtensionApp(courseId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ appId, body }: { appId: number; body: ExtensionAppBody }) =>
      updateExtensionApp(courseId, appId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: extensionAppsKey(courseId, 'member') }),
  });
}
