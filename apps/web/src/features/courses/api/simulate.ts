import type { SimulateResponse } from '@lectern/contracts/courses/course.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestTyped } from '../../../shared/api/http-client.ts';

export interface SimulateVariables {
  courseId: number;
  simulating: boolean;
}

// Typed, not parsed: the course layout's switch is on the course page's first load (decision 0014).
export function simulate({ courseId, simulating }: SimulateVariables): Promise<SimulateResponse> {
  return requestTyped<SimulateResponse>(`/api/courses/${courseId}/simulate`, {
    method: 'POST',
    body: { simulating },
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
