import {
  ExamSubmissionDetailSchema,
  type ExamSubmissionDetail,
} from '@lectern/contracts/exams/exam-taking.schemas';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { examSubmissionsQueryKey } from './list-exam-submissions.ts';

export function examSubmissionQueryKey(examId: number, submissionId: number) {
  return [...examSubmissionsQueryKey(examId), submissionId] as const;
}

/** One submission with its paper; answers and scores only as far as the exam releases them. */
export function getExamSubmission(
  examId: number,
  submissionId: number,
  signal?: AbortSignal,
): Promise<ExamSubmissionDetail> {
  return request(`/api/exams/${examId}/submissions/${submissionId}`, {
    schema: ExamSubmissionDetailSchema,
    signal,
  });
}

export function useExamSubmission(examId: number, submissionId: number | null) {
  return useQuery({
    queryKey: examSubmissionQueryKey(examId, submissionId ?? 0),
    queryFn: ({ signal }) => getExamSubmission(examId, submissionId ?? 0, signal),
    enabled: submissionId !== null,
  });
}
