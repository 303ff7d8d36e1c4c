import { MyCoursesResponseSchema } from '@lectern/contracts/courses/course.schemas';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { request } from '../../../shared/api/http-client.ts';
import { meetingsQueryKey } from './meetings-keys.ts';

const TeachingCoursesSchema = MyCoursesResponseSchema.extend({
  courses: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type TeachingCourse = { id: number; name: string };

/** `POST /api/my-courses` for the courses the caller teaches (chief instructor or instructor), names only. */
export async function listTeachingCourses(signal?: AbortSignal): Promise<TeachingCourse[]> {
  const page = await request('/api/my-courses', {
    method: 'POST',
    body: {
      page: 1,
      page_size: 100,
      fields: 'id,name',
      conditions: { role: ['chief_instructor', 'instructor'] },
    },
    schema: TeachingCoursesSchema,
    signal,
  });
  return page.courses;
}

export function useTeachingCourses(enabled: boolean) {
  return useQuery({
    queryKey: [...meetingsQueryKey, 'teaching-courses'],
    queryFn: ({ signal }) => listTeachingCourses(signal),
    enabled,
  });
}
