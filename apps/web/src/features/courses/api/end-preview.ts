import type { SimulateResponse } from '@lectern/contracts/courses/course.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestTyped } from '../../../shared/api/http-client.ts';

// Typed, not parsed: the banner that calls it is on the course page's first load (decision 0014).
/** `DELETE /api/courses/{id}/preview`: leave the student preview (simulation) of this course. */
export function endPreview(courseId: number): Promise<SimulateResponse> {
  return requestTyped<SimulateResponse>(`/api/courses/${courseId}/preview`, { method: 'DELETE' });
}

export function useEndPreview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endPreview,
    // As when switching simulation: every query of the session answers differently afterwards.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
