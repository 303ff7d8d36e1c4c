import { SimulateResponseSchema } from '@lectern/contracts/courses/course.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';

export interface SimulateVariables {
  courseId: number;
  simulating: boolean;
}

export function simulate({ courseId, simulating }: SimulateVariables): Promise<{
  simulating_course_id: number | null;
}> {
  return request(`/api/courses/${courseId}/simulate`, {
    method: 'POST',
    body: { simulating },
    schema: SimulateResponseSchema,
  });
}

export function useSimulate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: simulate,
    // Viewing as a student changes what every query of the session answers (the course, its
    // activities, the current user's simulating course), so everything is refetched. Waiting for it
    // keeps the switch busy until the page shows the new view.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
