import { AiUsageByFeatureSchema, type AiUsageByFeature } from '@lectern/contracts/ai/ai.schemas';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { aiUsageQueryKey } from './ai-keys.ts';

export type UsageWindow = { from?: string | undefined; to?: string | undefined };

/** `GET /api/ai/usage/features` (administrators): calls, tokens and credits per AI feature. */
export function getUsageByFeature(window: UsageWindow, signal?: AbortSignal): Promise<AiUsageByFeature> {
  return request('/api/ai/usage/features', { query: window, schema: AiUsageByFeatureSchema, signal });
}

export function useUsageByFeature(window: UsageWindow) {
  return useQuery({
    queryKey: [...aiUsageQueryKey, 'features', window],
    queryFn: ({ signal }) => getUsageByFeature(window, signal),
  });
}
