import {
  RetakeRecordSubmissionResponseSchema,
  type RetakeRecordSubmissionResponse,
} from '@lectern/contracts/exams/marking.schemas';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { retakeRecordsBaseKey } from './list-retake-records.ts';

/** A retake record and the submission the student had handed in before it. */
export function getRetakeRecordSubmission(
  examId: number,
  recordId: number,
  signal?: AbortSignal,
): Promise<RetakeRecordSubmissionResponse> {
  return request(`/api/exams/${examId}/retake-records/${recordId}/submission`, {
    schema: RetakeRecordSubmissionResponseSchema,
    signal,
  });
}

export function useRetakeRecordSubmission(examId: number, recordId: number) {
  return useQuery({
    queryKey: [...retakeRecordsBaseKey(examId), 'submission', recordId] as const,
    queryFn: ({ signal }) => getRetakeRecordSubmission(examId, recordId, signal),
  });
}
