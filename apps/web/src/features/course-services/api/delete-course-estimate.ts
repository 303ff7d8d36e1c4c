import { OkResponseSchema } from '@lectern/contracts/common/primitives.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { courseEstimatesKey } from './course-services-keys.ts';

/** `PUT /api/course-estimate/{id}/delete`: the author, or the teaching team moderating. */
export async function deleteCourseEstimate(estimateId: number): Promise<void> {
  await request(`/api/course-estimate/${estimateId}/delete`, { method: 'PUT', schema: OkResponseSchema });
}

export function useDeleteCourseEstimate(courseId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCourseEstimate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: courseEstimatesKey(courseId) }),
  });
}
