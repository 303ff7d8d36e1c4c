import {
  CombineCoursesResponseSchema,
  type CombineCoursesRequest,
  type CombineCoursesResponse,
} from '@lectern/contracts/course-combining/course-combining.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { courseCombiningQueryKey } from './course-combining-keys.ts';

/** `POST /api/combine-courses`: makes the combined course and answers its id. */
export function combineCourses(body: CombineCoursesRequest): Promise<CombineCoursesResponse> {
  return request('/api/combine-courses', { method: 'POST', body, schema: CombineCoursesResponseSchema });
}

export function useCombineCourses() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: combineCourses,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: courseCombiningQueryKey }),
  });
}
