import type { Syllabus, UpdateSyllabusRequest } from '@lectern/contracts/courses/course.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestTyped } from '../../../shared/api/http-client.ts';
import { invalidateOutline } from './invalidate-outline.ts';

export interface UpdateSyllabusVariables {
  courseId: number;
  syllabusId: number;
  body: UpdateSyllabusRequest;
}

// Typed, not parsed: the course outline's controls are on the course page's first load (decision 0014).
export function updateSyllabus({ syllabusId, body }: UpdateSyllabusVariables): Promise<Syllabus> {
  return requestTyped<Syllabus>(`/api/syllabuses/${syllabusId}`, { method: 'PUT', body });
}

export function useUpdateSyllabus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSyllabus,
    onSuccess: (_, { courseId }) => invalidateOutline(queryClient, courseId),
  });
}
