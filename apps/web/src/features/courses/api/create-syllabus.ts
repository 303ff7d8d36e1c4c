import {
  SyllabusSchema,
  type CreateSyllabusRequest,
  type Syllabus,
} from '@lectern/contracts/courses/course.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { invalidateOutline } from './invalidate-outline.ts';

export interface CreateSyllabusVariables {
  courseId: number;
  body: CreateSyllabusRequest;
}

export function createSyllabus({ courseId, body }: CreateSyllabusVariables): Promise<Syllabus> {
  return request(`/api/courses/${courseId}/syllabuses`, { method: 'POST', body, schema: SyllabusSchema });
}

export function useCreateSyllabus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSyllabus,
    onSuccess: (_, { courseId }) => invalidateOutline(queryClient, courseId),
  });
}
