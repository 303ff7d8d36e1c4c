import { MarkedAttachmentSchema, type MarkedAttachment } from '@lectern/contracts/exams/exam-taking.schemas';
import type { MarkedAttachmentRequest } from '@lectern/contracts/exams/marking.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { markingQueryKey } from './list-marking-examinees.ts';

export interface AddMarkedAttachmentVariables {
  examId: number;
  submissionId: number;
  body: MarkedAttachmentRequest;
}

/**
 * `POST /api/exams/{id}/submissions/{sid}/marked-attachments`: attaches a file the marker uploaded (its
 * upload_id) to a submission, optionally to one of its questions.
 */
export function addMarkedAttachment({
  examId,
  submissionId,
  body,
}: AddMarkedAttachmentVariables): Promise<MarkedAttachment> {
  return request(`/api/exams/${examId}/submissions/${submissionId}/marked-attachments`, {
    method: 'POST',
    body,
    schema: MarkedAttachmentSchema,
  });
}

export function useAddMarkedAttachment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addMarkedAttachment,
    // The submission lists carry its marked attachments.
    onSuccess: (_attachment, { examId }) =>
      queryClient.invalidateQueries({ queryKey: markingQueryKey(examId) }),
  });
}
