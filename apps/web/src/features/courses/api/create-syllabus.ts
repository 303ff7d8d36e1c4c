import type { CreateSyllabusRequest, Syllabus } from '@lectern/contracts/courses/course.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestTyped } from '../../../shared/api/http-client.ts';
import { invalidateOutline } from './invalidate-outline.ts';

export interface CreateSyllabusVariables {
  courseId: number;
  body: CreateSyllabusRequest;
}

// Typed, not parsed: the course outline's controls are on the course page's first load (decision 0014).
export function createSyllabus({ courseId, body }: CreateSyllabusVariables): Promise<Syllabus> {
  return requestTyped<Syllabus>(`/api/courses/${courseId}/syllabuses`, { method: 'POST', body });
}

export function useCreateSyllabus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSyllabus,
    onSuccess: (_, { courseId }) => invalidateOutline(queryClient, courseId),
  });
}
