import { ReferenceAnswerSchema, type ReferenceAnswer } from '@lectern/contracts/homework/homework.schemas';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { referenceAnswerKey } from './homework-keys.ts';

/** `GET /api/homeworks/{id}/reference-answer`: the teaching team's reference answer and its files. */
export function getReferenceAnswer(homeworkId: number, signal?: AbortSignal): Promise<ReferenceAnswer> {
  return request(`/api/homeworks/${homeworkId}/reference-answer`, { schema: ReferenceAnswerSchema, signal });
}

/** Asked only when `enabled` (the modal or the settings dialog is open). */
export function useReferenceAnswer(homeworkId: number, enabled = true) {
  return useQuery({
    queryKey: referenceAnswerKey(homeworkId),
    queryFn: ({ signal }) => getReferenceAnswer(homeworkId, signal),
    enabled,
  });
}
