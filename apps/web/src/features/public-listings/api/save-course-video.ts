import {
  CourseVideoResponseSchema,
  type SaveCourseVideoBody,
} from '@lectern/contracts/public-listings/course-video.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { publicListingsKeys } from './public-listings-keys.ts';

/** `PUT /api/courses/{id}/video`: the teaching team sets (an upload of theirs) or removes (null) the video. */
export function useSaveCourseVideo(courseId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveCourseVideoBody) =>
      request(`/api/courses/${courseId}/video`, {
        method: 'PUT',
        body,
        schema: CourseVideoResponseSchema,
      }),
    onSuccess: async (saved) => {
      queryClient.setQueryData(publicListingsKeys.video(courseId, 'member'), saved);
      await queryClient.invalidateQueries({ queryKey: ['public-listings', 'video', courseId, 'visitor'] });
    },
  });
}
