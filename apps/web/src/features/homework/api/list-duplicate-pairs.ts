import {
  DuplicatePairsResponseSchema,
  type DuplicatePairsResponse,
} from '@lectern/contracts/homework/duplicate-check.schemas';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { homeworkKey } from './homework-keys.ts';

export type DuplicatePairsParams = { threshold: number; page: number; page_size: number };

/** `GET /api/homework/{id}/duplicate-detect/pairs`: pairs at or above the threshold, highest first. */
export function listDuplicatePairs(
  homeworkId: number,
  params: DuplicatePairsParams,
  signal?: AbortSignal,
): Promise<DuplicatePairsResponse> {
  return request(`/api/homework/${homeworkId}/duplicate-detect/pairs`, {
    query: params,
    schema: DuplicatePairsResponseSchema,
    signal,
  });
}

export function useDuplicatePairs(homeworkId: number, params: DuplicatePairsParams) {
  return useQuery({
    queryKey: [...homeworkKey(homeworkId), 'duplicate-pairs', params] as const,
    queryFn: ({ signal }) => listDuplicatePairs(homeworkId, params, signal),
    // Moving the threshold keeps the old table on screen until the new one arrives.
    placeholderData: keepPreviousData,
  });
}
