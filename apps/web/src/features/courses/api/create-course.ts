import {
  CourseSchema,
  type Course,
  type CreateCourseRequest,
} from '@lectern/contracts/courses/course.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { courseQueryKey } from './get-course.ts';
import { myCoursesQueryKey } from './list-my-courses.ts';
import { mySemestersQueryKey } from './list-my-semesters.ts';

export function createCourse(body: CreateCourseRequest): Promise<Course> {
  return request('/api/course', { method: 'POST', body, schema: CourseSchema });
}

export function useCreateCourse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCourse,
    onSuccess: (course) => {
      // The answer is the whole course, so its page opens without another request.
      queryClient.setQueryData(courseQueryKey(course.id), course);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: myCoursesQueryKey }),
        queryClient.invalidateQueries({ queryKey: mySemestersQueryKey }),
      ]);
    },
  });
}
