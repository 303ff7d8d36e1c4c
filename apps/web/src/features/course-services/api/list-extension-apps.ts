import {
  ExtensionAppsResponseSchema,
  type ExtensionAppsResponse,
} from '@lectern/contracts/course-services/extension-apps.schemas';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { extensionAppsKey } from './course-services-keys.ts';

/**
 * `GET /api/courses/{id}/extension-apps` for a signed-in user, or its `/anonymous-api` twin for a
 * visitor of a public course.
 */
export function listExtensionApps(
  courseId: number,
  as: 'member' | 'visitor',
  signal?: AbortSignal,
): Promise<ExtensionAppsResponse> {
  const prefix = as === 'member' ? '/api' : '/anonymous-api';
  return request(`${prefix}/courses/${courseId}/extension-apps`, {
    schema: ExtensionAppsResponseSchema,
    signal,
  });
}

export function useExtensionApps(courseId: number, as: 'member' | 'visitor') {
  return useQuery({
    queryKey: extensionAppsKey(courseId, as),
    queryFn: ({ signal }) => listExtensionApps(courseId, as, signal),
  });
}
