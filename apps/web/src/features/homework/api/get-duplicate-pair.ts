import {
  DuplicatePairDetailSchema,
  type DuplicatePairDetail,
} from '@lectern/contracts/homework/duplicate-check.schemas';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { homeworkKey } from './homework-keys.ts';

/** `GET /api/homework/{id}/duplicate-detect/pairs/{pairId}`: both texts and the passages they share. */
export function getDuplicatePair(
  homeworkId: number,
  pairId: number,
  signal?: AbortSignal,
): Promise<DuplicatePairDetail> {
  return request(`/api/homework/${homeworkId}/duplicate-detect/pairs/${pairId}`, {
    schema: DuplicatePairDetailSchema,
    signal,
  });
}

export function useDuplicatePair(homeworkId: number, pairId: number | null) {
  return useQuery({
    queryKey: [...homeworkKey(homeworkId), 'duplicate-pair', pairId] as const,
    queryFn: ({ signal }) => getDuplicatePair(homeworkId, pairId ?? 0, signal),
    enabled: pairId !== null,
  });
}
