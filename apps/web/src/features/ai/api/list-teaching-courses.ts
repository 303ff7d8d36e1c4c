import { MyCoursesResponseSchema } from '@lectern/contracts/courses/course.schemas';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';

/** The courses a credit request may name: those the caller teaches (`POST /api/my-courses`, by role). */
export async function listTeachingCourses(signal?: AbortSignal): Promise<{ id: number; name: string }[]> {
  const page = await request('/api/my-courses', {
    method: 'POST',
    body: {
      page: 1,
      page_size: 100,
      fields: 'id,name',
      conditions: { role: ['instructor', 'instructor_assistant'] },
    },
    schema: MyCoursesResponseSchema,
    signal,
  });
  return page.courses.map((course) => ({ id: course.id, name: course.name ?? String(course.id) }));
}

export function useTeachingCourses(enabled: boolean) {
  return useQuery({
    queryKey: ['ai', 'teaching-courses'],
    queryFn: ({ signal }) => listTeachingCourses(signal),
    enabled,
  });
}
