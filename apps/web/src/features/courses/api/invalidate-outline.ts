import type { Course, CourseModule } from '@lectern/contracts/courses/course.schemas';
import type { QueryClient } from '@tanstack/react-query';
import { courseQueryKey } from './get-course.ts';

/** The outline is part of the course answer: outline writes refresh the course. */
export function invalidateOutline(queryClient: QueryClient, courseId: number): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: courseQueryKey(courseId) });
}

/** Shows a new order at once (sort answers carry it), before the refetch confirms it. */
export function replaceModules(
  queryClient: QueryClient,
  courseId: number,
  update: (modules: CourseModule[]) => CourseModule[],
): void {
  queryClient.setQueryData<Course>(courseQueryKey(courseId), (course) =>
    course ? { ...course, modules: update(course.modules) } : course,
  );
}
