import { ClassroomStateSchema, type ClassroomState } from '@lectern/contracts/exams/exam-taking.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { classroomStateQueryKey } from './get-classroom-state.ts';

export interface ClassroomReleaseVariables {
  examId: number;
  subjectId: number;
  /** release opens the question for answers (closing any other); close stops taking answers. */
  action: 'release' | 'close';
}

/** `POST /api/classroom-exams/{id}/subjects/{subjectId}/release` (or `/close`). */
export function releaseClassroomSubject({
  examId,
  subjectId,
  action,
}: ClassroomReleaseVariables): Promise<ClassroomState> {
  return request(`/api/classroom-exams/${examId}/subjects/${subjectId}/${action}`, {
    method: 'POST',
    schema: ClassroomStateSchema,
  });
}

export function useReleaseClassroomSubject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: releaseClassroomSubject,
    // The answer is the new state: the page shows it without waiting for the next poll.
    onSuccess: (state, { examId }) => queryClient.setQueryData(classroomStateQueryKey(examId), state),
  });
}
