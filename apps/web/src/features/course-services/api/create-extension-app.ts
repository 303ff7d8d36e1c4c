import {
  ExtensionAppSchema,
  type ExtensionApp,
  type ExtensionAppBody,
} from '@lectern/contracts/course-services/extension-apps.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { extensionAppsKey } from './course-services-keys.ts';

/** `POST /api/courses/{id}/extension-apps`: add an app at the end of the course's list. */
export function createExtensionApp(courseId: number, body: ExtensionAppBody): Promise<ExtensionApp> {
  return request(`/api/courses/${courseId}/extension-apps`, {
    method: 'POST',
    body,
    schema: ExtensionAppSchema,
  });
}

export function useCreateExtensionApp(courseId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ExtensionAppBody) => createExtensionApp(courseId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: extensionAppsKey(courseId, 'member') }),
  });
}
