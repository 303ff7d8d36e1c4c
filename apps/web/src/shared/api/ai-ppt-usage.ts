import { AiPptUsageSchema, type AiPptUsage } from '@lectern/contracts/ai/ai-ppt.schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from './http-client.ts';

export const aiPptUsageQueryKey = ['ai-ppt', 'usage', 'me'] as const;

/**
 * The usage count is a side record of the slide-deck feature: the spec says its errors are swallowed and
 * the answer is null, so a failure here never interrupts what the instructor is doing.
 */
async function orNull(call: Promise<AiPptUsage>): Promise<AiPptUsage | null> {
  try {
    return await call;
  } catch {
    return null;
  }
}

/** `GET /api/ai-ppt/user/usage/count`: the caller's slide-deck usage, or null on any error. */
export function getAiPptUsageCount(signal?: AbortSignal): Promise<AiPptUsage | null> {
  return orNull(request('/api/ai-ppt/user/usage/count', { schema: AiPptUsageSchema, signal }));
}

/** `POST /api/ai-ppt/usage`: records one use by the caller; the new count, or null on any error. */
export function recordAiPptUsage(): Promise<AiPptUsage | null> {
  return orNull(request('/api/ai-ppt/usage', { method: 'POST', schema: AiPptUsageSchema }));
}

export function useAiPptUsageCount(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: aiPptUsageQueryKey,
    queryFn: ({ signal }) => getAiPptUsageCount(signal),
    enabled: options.enabled ?? true,
  });
}

export function useRecordAiPptUsage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordAiPptUsage,
    // A null answer leaves the last known count in place rather than replacing it with nothing.
    onSuccess: (usage) => {
      if (usage) queryClient.setQueryData(aiPptUsageQueryKey, usage);
    },
  });
}
