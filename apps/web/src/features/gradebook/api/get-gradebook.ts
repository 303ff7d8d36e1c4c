import {
  GradebookResponseSchema,
  type GradebookResponse,
} from '@lectern/contracts/gradebook/gradebook.schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';

/** Every split of one course's gradebook sits under this key, so one invalidation refreshes them all. */
export function gradebookQueryKey(courseId: number) {
  return ['gradebook', courseId] as const;
}

/**
 * `GET /api/courses/{id}/gradebook`: the whole table for the teaching team, a student's own row otherwise;
 * a combined course's table split by one sub-course when `subCourseId` is given.
 */
export function getGradebook(
  courseId: number,
  subCourseId: number | null,
  signal?: AbortSignal,
): Promise<GradebookResponse> {
  return request(`/api/courses/${courseId}/gradebook`, {
    schema: GradebookResponseSchema,
    query: { sub_course_id: subCourseId },
    signal,
  });
}

export function gradebookQueryOptions(courseId: number, subCourseId: number | null = null) {
  return queryOptions({
    queryKey: [...gradebookQueryKey(courseId), subCourseId] as const,
    queryFn: ({ signal }) => getGradebook(courseId, subCourseId, signal),
  });
}

export function useGradebook(courseId: number, subCourseId: number | null = null) {
  // Another split keeps the table in place while it loads.
  return useQuery({ ...gradebookQueryOptions(courseId, subCourseId), placeholderData: keepPreviousData });
}
