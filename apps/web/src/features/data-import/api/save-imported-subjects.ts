import type { ImportedSubject } from '@lectern/contracts/data-import/data-import.schemas';
import { toSubjectInput } from '@lectern/contracts/data-import/imported-subject';
import { SubjectsResponseSchema, type Subject } from '@lectern/contracts/exams/subject.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { makeupQuery, subjectsPath, type ImportTarget } from './import-target.ts';

/**
 * Saves identified questions with the ordinary "save questions" call of the target
 * (`POST /api/exams/{id}/subjects`, `/api/classroom-exams/{id}/subjects`, `/api/subject-libs/{id}/subjects`):
 * all or nothing, appended after the target's last question.
 */
export async function saveImportedSubjects(
  target: ImportTarget,
  subjects: readonly ImportedSubject[],
): Promise<Subject[]> {
  const response = await request(subjectsPath(target), {
    method: 'POST',
    query: makeupQuery(target),
    body: { subjects: subjects.map(toSubjectInput) },
    schema: SubjectsResponseSchema,
  });
  return response.subjects;
}

export function useSaveImportedSubjects(target: ImportTarget) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (subjects: readonly ImportedSubject[]) => saveImportedSubjects(target, subjects),
    // Lists, points used, question counts and libraries of other features all change; their keys are theirs.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
