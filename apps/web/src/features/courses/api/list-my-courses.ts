import {
  CourseSummarySchema,
  MyCoursesResponseSchema,
  type CourseSummary,
  type MyCoursesRequest,
} from '@lectern/contracts/courses/course.schemas';
import type { PageMeta } from '@lectern/contracts/common/pagination.schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { request } from '../../../shared/api/http-client.ts';
import { coursesQueryKey } from './get-course.ts';

/** Every cached "my courses" page lives under this prefix, so writes can invalidate them all at once. */
export const myCoursesQueryKey = [...coursesQueryKey, 'my-courses'] as const;

/** Without `fields` the server answers whole summaries. */
const MyCoursesPageSchema = MyCoursesResponseSchema.extend({ courses: z.array(CourseSummarySchema) });
export type MyCoursesPage = PageMeta & { courses: CourseSummary[] };

export type MyCoursesParams = Omit<MyCoursesRequest, 'fields'>;

export function listMyCourses(params: MyCoursesParams, signal?: AbortSignal): Promise<MyCoursesPage> {
  return request('/api/my-courses', {
    method: 'POST',
    body: params,
    schema: MyCoursesPageSchema,
    signal,
  });
}

export function myCoursesQueryOptions(params: MyCoursesParams) {
  return queryOptions({
    queryKey: [...myCoursesQueryKey, params] as const,
    queryFn: ({ signal }) => listMyCourses(params, signal),
    // Keeps the current page on screen while the next one loads, so the grid does not flash empty.
    placeholderData: keepPreviousData,
  });
}

export function useMyCourses(params: MyCoursesParams) {
  return useQuery(myCoursesQueryOptions(params));
}
