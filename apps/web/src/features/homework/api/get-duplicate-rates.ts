import {
  DuplicateRateResponseSchema,
  type DuplicateRateResponse,
} from '@lectern/contracts/homework/duplicate-check.schemas';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { homeworkKey } from './homework-keys.ts';

/** `GET /api/homework/{id}/duplicate-detect/rate?target_ids=1,2`: each submitter's highest duplicate rate. */
export function getDuplicateRates(
  homeworkId: number,
  targetIds: readonly number[],
  signal?: AbortSignal,
): Promise<DuplicateRateResponse> {
  return request(`/api/homework/${homeworkId}/duplicate-detect/rate`, {
    query: { target_ids: targetIds.join(',') },
    schema: DuplicateRateResponseSchema,
    signal,
  });
}

export function useDuplicateRates(homeworkId: number, targetIds: readonly number[], enabled: boolean) {
  const ids = [...targetIds].sort((a, b) => a - b);
  return useQuery({
    queryKey: [...homeworkKey(homeworkId), 'duplicate-rates', ids] as const,
    queryFn: ({ signal }) => getDuplicateRates(homeworkId, ids, signal),
    enabled: enabled && ids.length > 0,
    // A missing rate shows as '--'; the column must not hold up or break the table.
    retry: false,
  });
}
