import { type SortSubjectsRequest } from '@lectern/contracts/exams/exam.schemas';
import { SubjectsResponseSchema, type Subject } from '@lectern/contracts/exams/subject.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { libQueryBaseKey } from './authoring-keys.ts';

/** `PUT /api/subject-libs/{id}/subjects/sort`: every top-level question id of the library, in the new order. */
export async function sortLibSubjects(libId: number, body: SortSubjectsRequest): Promise<Subject[]> {
  const response = await request(`/api/subject-libs/${libId}/subjects/sort`, {
    method: 'PUT',
    body,
    schema: SubjectsResponseSchema,
  });
  return response.subjects;
}

export function useSortLibSubjects(libId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SortSubjectsRequest) => sortLibSubjects(libId, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: libQueryBaseKey(libId) }),
  });
}
