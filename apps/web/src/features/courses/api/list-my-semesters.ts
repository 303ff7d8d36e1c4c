import { MySemestersResponseSchema, type Semester } from '@lectern/contracts/courses/course.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { coursesQueryKey } from './get-course.ts';

export const mySemestersQueryKey = [...coursesQueryKey, 'my-semesters'] as const;

export async function listMySemesters(signal?: AbortSignal): Promise<Semester[]> {
  const response = await request('/api/my-semesters', { schema: MySemestersResponseSchema, signal });
  return response.semesters;
}

export function mySemestersQueryOptions() {
  return queryOptions({
    queryKey: mySemestersQueryKey,
    queryFn: ({ signal }) => listMySemesters(signal),
    // Semesters change a few times a year; course writes that may add one invalidate this entry.
    staleTime: 10 * 60_000,
  });
}

export function useMySemesters() {
  return useQuery(mySemestersQueryOptions());
}
