import {
  ThirdPartyChecksResponseSchema,
  type ThirdPartyChecksResponse,
} from '@lectern/contracts/homework/duplicate-check.schemas';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { homeworkKey } from './homework-keys.ts';

/** `GET /api/homework/{id}/duplicate-detect/third-party`: the external checker's result per file. */
export function listThirdPartyChecks(
  homeworkId: number,
  signal?: AbortSignal,
): Promise<ThirdPartyChecksResponse> {
  return request(`/api/homework/${homeworkId}/duplicate-detect/third-party`, {
    schema: ThirdPartyChecksResponseSchema,
    signal,
  });
}

export function useThirdPartyChecks(homeworkId: number, enabled: boolean) {
  return useQuery({
    queryKey: [...homeworkKey(homeworkId), 'third-party-checks'] as const,
    queryFn: ({ signal }) => listThirdPartyChecks(homeworkId, signal),
    enabled,
  });
}
