import {
  MyCoursesResponseSchema,
  type CourseSummarySelection,
} from '@lectern/contracts/courses/course.schemas';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { authoringQueryKey } from './authoring-keys.ts';

const teachingCoursesKey = [...authoringQueryKey, 'teaching-courses'] as const;

/**
 * `POST /api/my-courses` restricted to the courses the viewer teaches, names only: where a personal
 * library's questions can be copied to. (The courses feature's own list is paged for its grid.)
 */
export async function listTeachingCourses(signal?: AbortSignal): Promise<CourseSummarySelection[]> {
  const response = await request('/api/my-courses', {
    method: 'POST',
    body: {
      page: 1,
      page_size: 100,
      fields: 'id,name,display_name',
      conditions: { role: ['instructor', 'instructor_assistant'] },
    },
    schema: MyCoursesResponseSchema,
    signal,
  });
  return response.courses;
}

export function useTeachingCourses(enabled = true) {
  return useQuery({
    queryKey: teachingCoursesKey,
    queryFn: ({ signal }) => listTeachingCourses(signal),
    enabled,
  });
}
