import { OkResponseSchema } from '@lectern/contracts/common/primitives.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { request } from '../../../shared/api/http-client.ts';
import { courseScopeKey } from './get-course.ts';
import { myCoursesQueryKey } from './list-my-courses.ts';
import { mySemestersQueryKey } from './list-my-semesters.ts';

export function deleteCourse(courseId: number): Promise<{ ok: true }> {
  return request(`/api/courses/${courseId}`, { method: 'DELETE', schema: OkResponseSchema });
}

/** Deleting a course also leaves its pages for "my courses". */
export function useDeleteCourse() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: deleteCourse,
    onSuccess: async (_, courseId) => {
      // Leave the course first, or its open queries would refetch into 404s once dropped.
      await navigate('/user/courses', { replace: true });
      queryClient.removeQueries({ queryKey: courseScopeKey(courseId) });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: myCoursesQueryKey }),
        queryClient.invalidateQueries({ queryKey: mySemestersQueryKey }),
      ]);
    },
  });
}
