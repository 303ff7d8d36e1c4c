import type { QueryClient } from '@tanstack/react-query';
import { courseScopeKey } from './get-course.ts';
import { myCoursesQueryKey } from './list-my-courses.ts';

/**
 * Membership feeds the course (instructors, student count), its member list and its groups (someone
 * who stops being a student leaves them), and the counts on "my courses".
 */
export function invalidateMembership(queryClient: QueryClient, courseId: number): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: courseScopeKey(courseId) }),
    queryClient.invalidateQueries({ queryKey: myCoursesQueryKey }),
  ]);
}
