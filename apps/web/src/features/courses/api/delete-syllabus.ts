import type { OkResponseSchema } from '@lectern/contracts/common/primitives.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { requestTyped } from '../../../shared/api/http-client.ts';
import { invalidateOutline } from './invalidate-outline.ts';

type OkResponse = z.infer<typeof OkResponseSchema>;

export interface DeleteSyllabusVariables {
  courseId: number;
  syllabusId: number;
}

/**
 * Its activities stay in the course, in the module's own content. Typed, not parsed: the course outline's
 * controls are on the course page's first load (decision 0014).
 */
export function deleteSyllabus({ syllabusId }: DeleteSyllabusVariables): Promise<OkResponse> {
  return requestTyped<OkResponse>(`/api/syllabuses/${syllabusId}`, { method: 'DELETE' });
}

export function useDeleteSyllabus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSyllabus,
    onSuccess: (_, { courseId }) => invalidateOutline(queryClient, courseId),
  });
}
