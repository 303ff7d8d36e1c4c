import { IMPORT_LIMITS, type ImportedSubject } from '@lectern/contracts/data-import/data-import.schemas';
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

/** Where a save in batches stands: `saved` of `total` questions are stored. */
export type BatchProgress = { saved: number; total: number };

/** A save in batches that stopped: the questions before `saved` are stored, the rest are not. */
export class BatchSaveError extends Error {
  constructor(
    readonly saved: number,
    override readonly cause: unknown,
  ) {
    super('batch save failed');
  }
}

/**
 * Spec 000's limit of 200 questions is per save: a larger file is saved in consecutive batches of at most
 * 200, each all or nothing, in document order, reporting progress after each one.
 */
export async function saveInBatches(
  subjects: readonly ImportedSubject[],
  saveBatch: (batch: readonly ImportedSubject[]) => Promise<unknown>,
  onProgress: (progress: BatchProgress) => void = () => {},
  size: number = IMPORT_LIMITS.subjectsPerImport,
): Promise<void> {
  let saved = 0;
  onProgress({ saved, total: subjects.length });
  while (saved < subjects.length) {
    const batch = subjects.slice(saved, saved + size);
    try {
      await saveBatch(batch);
    } catch (error) {
      throw new BatchSaveError(saved, error);
    }
    saved += batch.length;
    onProgress({ saved, total: subjects.length });
  }
}

export function useSaveImportedSubjects(
  target: ImportTarget,
  onProgress?: (progress: BatchProgress) => void,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (subjects: readonly ImportedSubject[]) =>
      saveInBatches(subjects, (batch) => saveImportedSubjects(target, batch), onProgress),
    // Lists, points used, question counts and libraries of other features all change; their keys are theirs.
    onSettled: () => queryClient.invalidateQueries(),
  });
}
