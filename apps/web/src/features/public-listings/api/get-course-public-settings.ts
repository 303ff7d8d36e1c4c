import { CoursePublicSettingsResponseSchema } from '@lectern/contracts/public-listings/public-listings.schemas';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { coursePublicSettingsKey } from './public-listings-keys.ts';

/** `GET /api/courses/{id}/public-settings`: who may see the course on the portal, and on what terms. */
export function useCoursePublicSettings(courseId: number) {
  return useQuery({
    queryKey: coursePublicSettingsKey(courseId),
    queryFn: ({ signal }) =>
      request(`/api/courses/${courseId}/public-settings`, {
        schema: CoursePublicSettingsResponseSchema,
        signal,
      }),
  });
}
