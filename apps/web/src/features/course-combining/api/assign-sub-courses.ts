import { AssignSubCoursesResponseSchema } from '@lectern/contracts/course-combining/course-combining.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { courseSubCoursesKey } from './course-combining-keys.ts';

/** `PUT /api/activities/{id}/sub-courses`: empty shows the activity to every sub-course. */
export function assignSubCourses(activityId: number, subCourseIds: number[]) {
  return request(`/api/activities/${activityId}/sub-courses`, {
    method: 'PUT',
    body: { sub_course_ids: subCourseIds },
    schema: AssignSubCoursesResponseSchema,
  });
}

export function useAssignSubCourses(courseId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { activityId: number; subCourseIds: number[] }) =>
      assignSubCourses(input.activityId, input.subCourseIds),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: courseSubCoursesKey(courseId) }),
  });
}
