import {
  ClassroomAnswerSchema,
  type ClassroomAnswer,
  type ClassroomSubmitRequest,
} from '@lectern/contracts/exams/exam-taking.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { classroomStateQueryKey } from './get-classroom-state.ts';

export interface ClassroomSubmitVariables {
  examId: number;
  subjectId: number;
  body: ClassroomSubmitRequest;
}

/** `POST /api/classroom/{id}/submit/{subject_id}`: the answer to the released question (replaces an earlier one). */
export function submitClassroomAnswer({
  examId,
  subjectId,
  body,
}: ClassroomSubmitVariables): Promise<ClassroomAnswer> {
  return request(`/api/classroom/${examId}/submit/${subjectId}`, {
    method: 'POST',
    body,
    schema: ClassroomAnswerSchema,
  });
}

export function useSubmitClassroomAnswer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitClassroomAnswer,
    onSuccess: (_answer, { examId }) =>
      queryClient.invalidateQueries({ queryKey: classroomStateQueryKey(examId) }),
  });
}
