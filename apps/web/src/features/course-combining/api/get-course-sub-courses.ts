import {
  CourseSubCoursesResponseSchema,
  type CourseSubCoursesResponse,
} from '@lectern/contracts/course-combining/course-combining.schemas';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { courseSubCoursesKey } from './course-combining-keys.ts';

/** `GET /api/courses/{id}/sub-courses`: the sub-courses and, for the team, activity assignments. */
export function getCourseSubCourses(
  courseId: number,
  signal?: AbortSignal,
): Promise<CourseSubCoursesResponse> {
  return request(`/api/courses/${courseId}/sub-courses`, { schema: CourseSubCoursesResponseSchema, signal });
}

export function useCourseSubCourses(courseId: number, enabled = true) {
  return useQuery({
    queryKey: courseSubCoursesKey(courseId),
    queryFn: ({ signal }) => getCourseSubCourses(courseId, signal),
    enabled,
    staleTime: 60_000,
  });
}
