import {
  MarkedAttachmentsResponseSchema,
  type MarkedAttachmentsResponse,
} from '@lectern/contracts/homework/homework.schemas';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { markedAttachmentsKey } from './homework-keys.ts';

/** `GET /api/submissions/{id}/marked_attachments`: the marker's files on one submission. */
export function listMarkedAttachments(
  submissionId: number,
  signal?: AbortSignal,
): Promise<MarkedAttachmentsResponse> {
  return request(`/api/submissions/${submissionId}/marked_attachments`, {
    schema: MarkedAttachmentsResponseSchema,
    signal,
  });
}

export function useMarkedAttachments(homeworkId: number, submissionId: number) {
  return useQuery({
    queryKey: markedAttachmentsKey(homeworkId, submissionId),
    queryFn: ({ signal }) => listMarkedAttachments(submissionId, signal),
  });
}
