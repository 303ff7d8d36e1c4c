import {
  EstimateResponseSchema,
  type Estimate,
  type UpdateEstimateRequest,
} from '@lectern/contracts/course-services/course-estimates.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { courseEstimatesKey } from './course-services-keys.ts';

/** `POST /api/course-estimate` (first review) or `PUT /api/course-estimates/{id}` (the author edits). */
export async function saveCourseEstimate(
  courseId: number,
  estimateId: number | null,
  body: UpdateEstimateRequest,
): Promise<Estimate> {
  const response =
    estimateId === null
      ? await request('/api/course-estimate', {
          method: 'POST',
          body: { course_id: courseId, ...body },
          schema: EstimateResponseSchema,
        })
      : await request(`/api/course-estimates/${estimateId}`, {
          method: 'PUT',
          body,
          schema: EstimateResponseSchema,
        });
  return response.estimate;
}

export function useSaveCourseEstimate(courseId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ estimateId, body }: { estimateId: number | null; body: UpdateEstimateRequest }) =>
      saveCourseEstimate(courseId, estimateId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: courseEstimatesKey(courseId) }),
  });
}
