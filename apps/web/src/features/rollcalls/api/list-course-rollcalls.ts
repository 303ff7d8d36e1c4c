import {
  CourseRollcallsResponseSchema,
  type CourseRollcallsResponse,
} from '@lectern/contracts/rollcalls/rollcalls.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { untilFirstEnd } from './refetch-at-end.ts';
import { courseRollcallsQueryKey } from './rollcalls-keys.ts';

/** `GET /api/courses/{id}/modules/rollcalls`: the course's roll calls, newest first, with counts. */
export function listCourseRollcalls(
  courseId: number,
  signal?: AbortSignal,
): Promise<CourseRollcallsResponse> {
  return request(`/api/courses/${courseId}/modules/rollcalls`, {
    schema: CourseRollcallsResponseSchema,
    signal,
  });
}

export function courseRollcallsQueryOptions(courseId: number) {
  return queryOptions({
    queryKey: courseRollcallsQueryKey(courseId),
    queryFn: ({ signal }) => listCourseRollcalls(courseId, signal),
    refetchInterval: (query) => untilFirstEnd(query.state.data?.rollcalls),
  });
}

export function useCourseRollcalls(courseId: number) {
  return useQuery(courseRollcallsQueryOptions(courseId));
}
