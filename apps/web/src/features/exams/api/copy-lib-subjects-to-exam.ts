import { SubjectsResponseSchema, type Subject } from '@lectern/contracts/exams/subject.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { paperBaseKey, type PaperRef } from './authoring-keys.ts';

export interface CopyLibSubjectsVariables {
  libId: number;
  /** The exam paper (main or make-up) or classroom exam that receives the copies. */
  target: PaperRef;
  /** The selected questions; all of the library's when absent. */
  subjectIds?: number[] | undefined;
}

/**
 * `POST /api/subject-libs/{libId}/copy?examId=` (or `classroomId=`): copies after the paper's last
 * question, all or nothing, within its total points. Target problems come back on `examId`/`classroomId`.
 */
export async function copyLibSubjectsToExam({
  libId,
  target,
  subjectIds,
}: CopyLibSubjectsVariables): Promise<Subject[]> {
  const query =
    target.kind === 'exam'
      ? { examId: target.id, ...(target.isMakeup ? { is_makeup_exam: 1 } : {}) }
      : { classroomId: target.id };
  const response = await request(`/api/subject-libs/${libId}/copy`, {
    method: 'POST',
    query,
    body: subjectIds ? { subject_ids: subjectIds } : {},
    schema: SubjectsResponseSchema,
  });
  return response.subjects;
}

export function useCopyLibSubjectsToExam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: copyLibSubjectsToExam,
    onSuccess: (_result, { target }) => queryClient.invalidateQueries({ queryKey: paperBaseKey(target) }),
  });
}
