import {
  CourseCreditSchema,
  type AllocateCourseCredit,
  type CourseCredit,
} from '@lectern/contracts/ai/ai.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { aiCreditsQueryKey } from '../../../shared/hooks/use-ai-credit.ts';

/** `PUT /api/ai/courses/{courseId}/credit` (administrators): a course's credits and AI switch. */
export function allocateCourseCredit(
  input: { courseId: number } & AllocateCourseCredit,
): Promise<CourseCredit> {
  const { courseId, ...body } = input;
  return request(`/api/ai/courses/${courseId}/credit`, { method: 'PUT', body, schema: CourseCreditSchema });
}

export function useAllocateCourseCredit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: allocateCourseCredit,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: aiCreditsQueryKey }),
  });
}
