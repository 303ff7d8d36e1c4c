import type { OkResponseSchema } from '@lectern/contracts/common/primitives.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { requestTyped } from '../../../shared/api/http-client.ts';
import { invalidateOutline } from './invalidate-outline.ts';

type OkResponse = z.infer<typeof OkResponseSchema>;

export interface DeleteModuleVariables {
  courseId: number;
  moduleId: number;
}

/**
 * It goes to the course recycle bin with its syllabi and activities, and comes back with them. Typed, not
 * parsed: the course outline's controls are on the course page's first load (decision 0014).
 */
export function deleteModule({ moduleId }: DeleteModuleVariables): Promise<OkResponse> {
  return requestTyped<OkResponse>(`/api/modules/${moduleId}`, { method: 'DELETE' });
}

export function useDeleteModule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteModule,
    onSuccess: (_, { courseId }) => invalidateOutline(queryClient, courseId),
  });
}
