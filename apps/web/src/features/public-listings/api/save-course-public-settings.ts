import {
  CoursePublicSettingsResponseSchema,
  type CoursePublicSettingsInput,
} from '@lectern/contracts/public-listings/public-listings.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { coursePublicSettingsKey, publicListingsKeys } from './public-listings-keys.ts';

/** `PUT /api/courses/{id}/public-settings`: the teaching team lists (or unlists) the course. */
export function useSaveCoursePublicSettings(courseId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CoursePublicSettingsInput) =>
      request(`/api/courses/${courseId}/public-settings`, {
        method: 'PUT',
        body,
        schema: CoursePublicSettingsResponseSchema,
      }),
    onSuccess: async (saved) => {
      queryClient.setQueryData(coursePublicSettingsKey(courseId), saved);
      // The portal's cards and this course's public page now read differently.
      await queryClient.invalidateQueries({ queryKey: publicListingsKeys.all });
    },
  });
}
