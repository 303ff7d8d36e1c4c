import { AiConfigSchema, type AiConfig, type UpdateAiConfig } from '@lectern/contracts/ai/ai.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { aiStatusQueryKey, aiCreditsQueryKey } from '../../../shared/hooks/use-ai-credit.ts';
import { aiConfigQueryKey } from './ai-keys.ts';

/** `PUT /api/ai/config` (administrators). */
export function updateAiConfig(body: UpdateAiConfig): Promise<AiConfig> {
  return request('/api/ai/config', { method: 'PUT', body, schema: AiConfigSchema });
}

export function useUpdateAiConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAiConfig,
    onSuccess: (config) => {
      queryClient.setQueryData(aiConfigQueryKey, config);
      // The credit mode decides which balance everyone sees; the status carries the text limit.
      void queryClient.invalidateQueries({ queryKey: aiCreditsQueryKey });
      void queryClient.invalidateQueries({ queryKey: aiStatusQueryKey });
    },
  });
}
