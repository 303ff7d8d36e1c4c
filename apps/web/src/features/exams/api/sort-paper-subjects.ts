import { type SortSubjectsRequest } from '@lectern/contracts/exams/exam.schemas';
import { SubjectsResponseSchema, type Subject } from '@lectern/contracts/exams/subject.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { makeupQuery, paperPath, paperSubjectsBaseKey, type PaperRef } from './authoring-keys.ts';

/** `PUT /api/exams/{id}/subjects/sort` (or the classroom exam's): every top-level question id, in the new order. */
export async function sortPaperSubjects(paper: PaperRef, body: SortSubjectsRequest): Promise<Subject[]> {
  const response = await request(`${paperPath(paper)}/subjects/sort`, {
    method: 'PUT',
    query: makeupQuery(paper),
    body,
    schema: SubjectsResponseSchema,
  });
  return response.subjects;
}

export function useSortPaperSubjects(paper: PaperRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SortSubjectsRequest) => sortPaperSubjects(paper, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: paperSubjectsBaseKey(paper) }),
  });
}
