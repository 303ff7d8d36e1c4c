import {
  CreateSubmissionResponseSchema,
  type CreateSubmissionRequest,
  type CreateSubmissionResponse,
} from '@lectern/contracts/homework/homework.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { homeworkKey } from './homework-keys.ts';

export interface CreateSubmissionVariables {
  homeworkId: number;
  body: CreateSubmissionRequest;
}

/** `POST /api/course/activities/{id}/submissions`: saves the draft (`is_draft`) or hands in a new version. */
export function createSubmission({
  homeworkId,
  body,
}: CreateSubmissionVariables): Promise<CreateSubmissionResponse> {
  return request(`/api/course/activities/${homeworkId}/submissions`, {
    method: 'POST',
    body,
    schema: CreateSubmissionResponseSchema,
  });
}

/** Versions, hand-ins left and the marking summary all change with a hand-in. */
export function useCreateSubmission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSubmission,
    onSuccess: (_response, { homeworkId }) =>
      queryClient.invalidateQueries({ queryKey: homeworkKey(homeworkId) }),
  });
}
