import {
  SubmittersResponseSchema,
  type SubmittersResponse,
} from '@lectern/contracts/homework/homework.schemas';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { submittersKey } from './homework-keys.ts';

/**
 * `GET /api/homework/{id}/submitters`: every student (or group) of the homework with where they stand, in
 * the server's order. The screens filter this one list themselves, so the table, its counts and the
 * marking dialog's previous/next never disagree (the endpoint's mark_status/statuses filters go unused).
 */
export function listSubmitters(homeworkId: number, signal?: AbortSignal): Promise<SubmittersResponse> {
  return request(`/api/homework/${homeworkId}/submitters`, { schema: SubmittersResponseSchema, signal });
}

export function useSubmitters(homeworkId: number) {
  return useQuery({
    queryKey: submittersKey(homeworkId),
    queryFn: ({ signal }) => listSubmitters(homeworkId, signal),
  });
}
