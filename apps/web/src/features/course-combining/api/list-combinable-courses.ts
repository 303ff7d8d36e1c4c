import {
  CombinableCoursesResponseSchema,
  type CombinableCoursesResponse,
} from '@lectern/contracts/course-combining/course-combining.schemas';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { combinableCoursesKey } from './course-combining-keys.ts';

/** `GET /api/combine-courses?conditions={"keyword":…}`: the courses the caller teaches. */
export function listCombinableCourses(
  keyword: string,
  signal?: AbortSignal,
): Promise<CombinableCoursesResponse> {
  return request('/api/combine-courses', {
    query: { conditions: JSON.stringify(keyword ? { keyword } : {}) },
    schema: CombinableCoursesResponseSchema,
    signal,
  });
}

export function useCombinableCourses(keyword = '', enabled = true) {
  return useQuery({
    queryKey: combinableCoursesKey(keyword),
    queryFn: ({ signal }) => listCombinableCourses(keyword, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}
