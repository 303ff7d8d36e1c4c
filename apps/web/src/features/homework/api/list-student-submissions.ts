import {
  SubmissionListResponseSchema,
  type SubmissionListResponse,
} from '@lectern/contracts/homework/homework.schemas';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { studentSubmissionListKey } from './homework-keys.ts';

/** `GET /api/activities/{id}/students/{s}/submission_list`: every version, oldest first. */
export function listStudentSubmissions(
  homeworkId: number,
  studentId: number,
  signal?: AbortSignal,
): Promise<SubmissionListResponse> {
  return request(`/api/activities/${homeworkId}/students/${studentId}/submission_list`, {
    schema: SubmissionListResponseSchema,
    signal,
  });
}

export function useStudentSubmissions(homeworkId: number, studentId: number | undefined) {
  return useQuery({
    queryKey: studentSubmissionListKey(homeworkId, studentId ?? 0),
    queryFn: ({ signal }) => listStudentSubmissions(homeworkId, studentId ?? 0, signal),
    enabled: studentId !== undefined,
  });
}
