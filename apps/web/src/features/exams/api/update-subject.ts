import { SubjectSchema, type Subject, type SubjectInput } from '@lectern/contracts/exams/subject.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';

export interface UpdateSubjectVariables {
  id: number;
  body: SubjectInput;
}

/**
 * `PUT /api/subjects/{id}`: replaces one question (a stem with all its sub-questions) wherever it lives.
 * Field errors come back on the question's own paths (`options`, `point`).
 */
export function updateSubject({ id, body }: UpdateSubjectVariables): Promise<Subject> {
  return request(`/api/subjects/${id}`, { method: 'PUT', body, schema: SubjectSchema });
}

/** `invalidate`: the cache entries that show the question (its paper or library). */
export function useUpdateSubject(invalidate: readonly unknown[]) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSubject,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invalidate }),
  });
}
