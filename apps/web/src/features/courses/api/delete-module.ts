import { OkResponseSchema } from '@lectern/contracts/common/primitives.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { invalidateOutline } from './invalidate-outline.ts';

export interface DeleteModuleVariables {
  courseId: number;
  moduleId: number;
}

/** It goes to the course recycle bin with its syllabi and activities, and comes back with them. */
export function deleteModule({ moduleId }: DeleteModuleVariables): Promise<{ ok: true }> {
  return request(`/api/modules/${moduleId}`, { method: 'DELETE', schema: OkResponseSchema });
}

export function useDeleteModule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteModule,
    onSuccess: (_, { courseId }) => invalidateOutline(queryClient, courseId),
  });
}
