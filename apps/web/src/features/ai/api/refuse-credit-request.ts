import { CreditRequestSchema, type CreditRequest } from '@lectern/contracts/ai/ai.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { aiCreditsQueryKey } from '../../../shared/hooks/use-ai-credit.ts';

/** `PUT /api/ai/credit-requests/{id}/refuse` (administrators). */
export function refuseCreditRequest(input: {
  id: number;
  remark?: string | undefined;
}): Promise<CreditRequest> {
  const { id, ...body } = input;
  return request(`/api/ai/credit-requests/${id}/refuse`, {
    method: 'PUT',
    body,
    schema: CreditRequestSchema,
  });
}

export function useRefuseCreditRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refuseCreditRequest,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: aiCreditsQueryKey }),
  });
}
