import { OkResponseSchema } from '@lectern/contracts/common/primitives.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { invalidateOutline } from './invalidate-outline.ts';

export interface DeleteSyllabusVariables {
  courseId: number;
  syllabusId: number;
}

/** Its activities stay in the course, in the module's own content. */
export function deleteSyllabus({ syllabusId }: DeleteSyllabusVariables): Promise<{ ok: true }> {
  return request(`/api/syllabuses/${syllabusId}`, { method: 'DELETE', schema: OkResponseSchema });
}

export function useDeleteSyllabus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSyllabus,
    onSuccess: (_, { courseId }) => invalidateOutline(queryClient, courseId),
  });
}
