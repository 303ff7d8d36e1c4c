import {
  TeachingCoursesResponseSchema,
  type TeachingCourse,
} from '@lectern/contracts/courses/course.schemas';
import { CHIEF_INSTRUCTOR, TEACHING_ROLES } from '@lectern/contracts/courses/course-roles';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { myCoursesQueryKey } from '../api/list-my-courses.ts';

export type { TeachingCourse };

/**
 * `POST /api/my-courses` restricted to the courses the viewer teaches (the ones they created, and those
 * where they hold a teaching role: what every "course I teach" picker offers, and what the server checks
 * again when one is chosen), names only, up to 100. The courses feature's own list is paged for its grid.
 */
export async function listTeachingCourses(signal?: AbortSignal): Promise<TeachingCourse[]> {
  const page = await request('/api/my-courses', {
    method: 'POST',
    body: {
      page: 1,
      page_size: 100,
      fields: 'id,name,display_name',
      conditions: { role: [CHIEF_INSTRUCTOR, ...TEACHING_ROLES] },
    },
    schema: TeachingCoursesResponseSchema,
    signal,
  });
  return page.courses;
}

/** Under "my courses", so whatever refreshes those (a course made, a member added) refreshes this too. */
export const teachingCoursesQueryKey = [...myCoursesQueryKey, 'teaching-picker'] as const;

export function useTeachingCourses(enabled = true) {
  return useQuery({
    queryKey: teachingCoursesQueryKey,
    queryFn: ({ signal }) => listTeachingCourses(signal),
    enabled,
  });
}
