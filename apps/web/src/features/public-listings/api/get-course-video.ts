import { CourseVideoResponseSchema } from '@lectern/contracts/public-listings/course-video.schemas';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { publicListingsKeys } from './public-listings-keys.ts';

/**
 * `GET /api/courses/{id}/video?type=promotion_video` (a member) or `/anonymous-api/...` (the public page):
 * the course's promotion video, or null.
 */
export function useCourseVideo(courseId: number, reader: 'member' | 'visitor') {
  const prefix = reader === 'member' ? 'api' : 'anonymous-api';
  return useQuery({
    queryKey: publicListingsKeys.video(courseId, reader),
    queryFn: ({ signal }) =>
      request(`/${prefix}/courses/${courseId}/video?type=promotion_video`, {
        schema: CourseVideoResponseSchema,
        signal,
      }),
  });
}
