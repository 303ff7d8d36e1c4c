import {
  MarkedAttachmentsResponseSchema,
  type CorrectUploadsRequest,
  type MarkedAttachmentsResponse,
} from '@lectern/contracts/homework/homework.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { homeworkKey } from './homework-keys.ts';

export interface AddCorrectUploadsVariables {
  homeworkId: number;
  body: CorrectUploadsRequest;
}

/**
 * `PUT /api/course/activities/{id}/submissions/correct-uploads`: attaches the marker's files (uploaded
 * first, e.g. an annotated copy of a student's PDF) to a submission as marked attachments.
 */
export function addCorrectUploads({
  homeworkId,
  body,
}: AddCorrectUploadsVariables): Promise<MarkedAttachmentsResponse> {
  return request(`/api/course/activities/${homeworkId}/submissions/correct-uploads`, {
    method: 'PUT',
    body,
    schema: MarkedAttachmentsResponseSchema,
  });
}

export function useAddCorrectUploads() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addCorrectUploads,
    // The submission's marked attachments show in the marking views of this homework.
    onSuccess: (_result, { homeworkId }) =>
      queryClient.invalidateQueries({ queryKey: homeworkKey(homeworkId) }),
  });
}
