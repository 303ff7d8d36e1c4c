import {
  SyllabusSchema,
  type Syllabus,
  type UpdateSyllabusRequest,
} from '@lectern/contracts/courses/course.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { invalidateOutline } from './invalidate-outline.ts';

export interface UpdateSyllabusVariables {
  courseId: number;
  syllabusId: number;
  body: UpdateSyllabusRequest;
}

export function updateSyllabus({ syllabusId, body }: UpdateSyllabusVariables): Promise<Syllabus> {
  return request(`/api/syllabuses/${syllabusId}`, { method: 'PUT', body, schema: SyllabusSchema });
}

export function useUpdateSyllabus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSyllabus,
    onSuccess: (_, { courseId }) => invalidateOutline(queryClient, courseId),
  });
}
