import {
  GradebookResponseSchema,
  type GradebookResponse,
} from '@lectern/contracts/gradebook/gradebook.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';

export function gradebookQueryKey(courseId: number) {
  return ['gradebook', courseId] as const;
}

/** `GET /api/courses/{id}/gradebook`: the whole table for the teaching team, a student's own row otherwise. */
export function getGradebook(courseId: number, signal?: AbortSignal): Promise<GradebookResponse> {
  return request(`/api/courses/${courseId}/gradebook`, { schema: GradebookResponseSchema, signal });
}

export function gradebookQueryOptions(courseId: number) {
  return queryOptions({
    queryKey: gradebookQueryKey(courseId),
    queryFn: ({ signal }) => getGradebook(courseId, signal),
  });
}

export function useGradebook(courseId: number) {
  return useQuery(gradebookQueryOptions(courseId));
}
