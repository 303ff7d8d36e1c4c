import {
  CoursesToMergeResponseSchema,
  type CoursesToMergeResponse,
} from '@lectern/contracts/course-combining/course-combining.schemas';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { coursesToMergeKey } from './course-combining-keys.ts';

/** `GET /api/combine-courses/{id}/courses-to-merged`: each sub-course's remaining sections. */
export function getCoursesToMerge(courseId: number, signal?: AbortSignal): Promise<CoursesToMergeResponse> {
  return request(`/api/combine-courses/${courseId}/courses-to-merged`, {
    schema: CoursesToMergeResponseSchema,
    signal,
  });
}

export function useCoursesToMerge(courseId: number) {
  return useQuery({
    queryKey: coursesToMergeKey(courseId),
    queryFn: ({ signal }) => getCoursesToMerge(courseId, signal),
  });
}
