import { AiUsageByUserPageSchema, type AiUsageByUserPage } from '@lectern/contracts/ai/ai.schemas';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { aiUsageQueryKey, type ListParams } from './ai-keys.ts';
import type { UsageWindow } from './get-usage-by-feature.ts';

/** `GET /api/ai/usage/users` (administrators): who used how much, most credits first, paged. */
export function getUsageByUser(
  params: ListParams & UsageWindow,
  signal?: AbortSignal,
): Promise<AiUsageByUserPage> {
  return request('/api/ai/usage/users', { query: params, schema: AiUsageByUserPageSchema, signal });
}

export function useUsageByUser(params: ListParams & UsageWindow) {
  return useQuery({
    queryKey: [...aiUsageQueryKey, 'users', params],
    queryFn: ({ signal }) => getUsageByUser(params, signal),
    placeholderData: keepPreviousData,
  });
}
