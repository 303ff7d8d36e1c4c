import { ExamSubmissionSchema, type ExamSubmission } from '@lectern/contracts/exams/exam-taking.schemas';
import type { CommentRequest } from '@lectern/contracts/exams/marking.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { markingQueryKey } from './list-marking-examinees.ts';

export interface UpdateCommentVariables {
  examId: number;
  submissionId: number;
  body: CommentRequest;
}

/** `PUT /api/exams/{id}/submissions/{submissionId}/comment` (on one question with subject_id). */
export function updateSubmissionComment({
  examId,
  submissionId,
  body,
}: UpdateCommentVariables): Promise<ExamSubmission> {
  return request(`/api/exams/${examId}/submissions/${submissionId}/comment`, {
    method: 'PUT',
    body,
    schema: ExamSubmissionSchema,
  });
}

export function useUpdateSubmissionComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSubmissionComment,
    onSuccess: (_submission, { examId }) =>
      queryClient.invalidateQueries({ queryKey: markingQueryKey(examId) }),
  });
}
