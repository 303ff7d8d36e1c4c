import {
  SubmissionResponseSchema,
  type SubmissionResponse,
} from '@lectern/contracts/homework/homework.schemas';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { studentSubmissionKey } from './homework-keys.ts';

/**
 * `GET /api/course/activities/{id}/students/{s}/submission`: the latest hand-in, the owner's draft, where
 * the submitter stands and how many hand-ins are left.
 */
export function getStudentSubmission(
  homeworkId: number,
  studentId: number,
  signal?: AbortSignal,
): Promise<SubmissionResponse> {
  return request(`/api/course/activities/${homeworkId}/students/${studentId}/submission`, {
    schema: SubmissionResponseSchema,
    signal,
  });
}

export function useStudentSubmission(homeworkId: number, studentId: number | undefined) {
  return useQuery({
    queryKey: studentSubmissionKey(homeworkId, studentId ?? 0),
    queryFn: ({ signal }) => getStudentSubmission(homeworkId, studentId ?? 0, signal),
    enabled: studentId !== undefined,
  });
}
