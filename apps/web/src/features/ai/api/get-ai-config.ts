import { AiConfigSchema, type AiConfig } from '@lectern/contracts/ai/ai.schemas';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { aiConfigQueryKey } from './ai-keys.ts';

/** `GET /api/ai/config` (administrators): the organisation's AI settings. */
export function getAiConfig(signal?: AbortSignal): Promise<AiConfig> {
  return request('/api/ai/config', { schema: AiConfigSchema, signal });
}

export function useAiConfig() {
  return useQuery({ queryKey: aiConfigQueryKey, queryFn: ({ signal }) => getAiConfig(signal) });
}
