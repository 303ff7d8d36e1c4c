import {
  CourseSchema,
  type Course,
  type UpdateCourseRequest,
} from '@lectern/contracts/courses/course.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { courseQueryKey } from './get-course.ts';
import { myCoursesQueryKey } from './list-my-courses.ts';
import { mySemestersQueryKey } from './list-my-semesters.ts';

export interface UpdateCourseVariables {
  courseId: number;
  body: UpdateCourseRequest;
}

export function updateCourse({ courseId, body }: UpdateCourseVariables): Promise<Course> {
  return request(`/api/courses/${courseId}`, { method: 'PUT', body, schema: CourseSchema });
}

export function useUpdateCourse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCourse,
    onSuccess: (course) => {
      queryClient.setQueryData(courseQueryKey(course.id), course);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: myCoursesQueryKey }),
        queryClient.invalidateQueries({ queryKey: mySemestersQueryKey }),
      ]);
    },
  });
}
