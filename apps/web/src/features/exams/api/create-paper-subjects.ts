import {
  SubjectsResponseSchema,
  type SaveSubjectsRequest,
  type Subject,
} from '@lectern/contracts/exams/subject.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { makeupQuery, paperBaseKey, paperPath, type PaperRef } from './authoring-keys.ts';

/**
 * `POST /api/exams/{id}/subjects` (or `/api/classroom-exams/{id}/subjects`) with `subjects[]`: appended
 * after the paper's last question, all or nothing, within the exam's total points.
 */
export async function createPaperSubjects(paper: PaperRef, body: SaveSubjectsRequest): Promise<Subject[]> {
  const response = await request(`${paperPath(paper)}/subjects`, {
    method: 'POST',
    query: makeupQuery(paper),
    body,
    schema: SubjectsResponseSchema,
  });
  return response.subjects;
}

export function useCreatePaperSubjects(paper: PaperRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveSubjectsRequest) => createPaperSubjects(paper, body),
    // The list, the points used and the exam's counts all change.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paperBaseKey(paper) }),
  });
}
