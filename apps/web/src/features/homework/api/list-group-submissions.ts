import {
  SubmissionListResponseSchema,
  type SubmissionListResponse,
} from '@lectern/contracts/homework/homework.schemas';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { homeworkKey } from './homework-keys.ts';

export function groupSubmissionListKey(homeworkId: number, groupId: number) {
  return [...homeworkKey(homeworkId), 'groups', groupId, 'submission-list'] as const;
}

/** `GET /api/activities/{id}/groups/{g}/submission_list`: every version a group handed in, oldest first. */
export function listGroupSubmissions(
  homeworkId: number,
  groupId: number,
  signal?: AbortSignal,
): Promise<SubmissionListResponse> {
  return request(`/api/activities/${homeworkId}/groups/${groupId}/submission_list`, {
    schema: SubmissionListResponseSchema,
    signal,
  });
}

export function useGroupSubmissions(homeworkId: number, groupId: number | undefined) {
  return useQuery({
    queryKey: groupSubmissionListKey(homeworkId, groupId ?? 0),
    queryFn: ({ signal }) => listGroupSubmissions(homeworkId, groupId ?? 0, signal),
    enabled: groupId !== undefined,
  });
}
