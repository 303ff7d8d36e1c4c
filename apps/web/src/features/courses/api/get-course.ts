import type { Course } from '@lectern/contracts/courses/course.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestTyped } from '../../../shared/api/http-client.ts';

/** Every cached course query lives under this prefix. */
export const coursesQueryKey = ['courses'] as const;

/** Everything cached about one course (its detail, members, group sets) shares this prefix. */
export function courseScopeKey(courseId: number) {
  return [...coursesQueryKey, 'course', courseId] as const;
}

export function courseQueryKey(courseId: number) {
  return [...courseScopeKey(courseId), 'detail'] as const;
}

/**
 * Without `fields` the server answers every field, so the full course type applies. Typed, not parsed:
 * the course page draws it first (decision 0014).
 */
export function getCourse(courseId: number, signal?: AbortSignal): Promise<Course> {
  return requestTyped<Course>(`/api/courses/${courseId}`, { signal });
}

export function courseQueryOptions(courseId: number) {
  return queryOptions({
    queryKey: courseQueryKey(courseId),
    queryFn: ({ signal }) => getCourse(courseId, signal),
  });
}

export function useCourse(courseId: number) {
  return useQuery(courseQueryOptions(courseId));
}
