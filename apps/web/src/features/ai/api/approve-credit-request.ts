import {
  CreditRequestSchema,
  type ApproveCreditRequest,
  type CreditRequest,
} from '@lectern/contracts/ai/ai.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { aiCreditsQueryKey } from '../../../shared/hooks/use-ai-credit.ts';

/** `PUT /api/ai/credit-requests/{id}/approve` (administrators): grants credits, possibly fewer than asked. */
export function approveCreditRequest(input: { id: number } & ApproveCreditRequest): Promise<CreditRequest> {
  const { id, ...body } = input;
  return request(`/api/ai/credit-requests/${id}/approve`, {
    method: 'PUT',
    body,
    schema: CreditRequestSchema,
  });
}

export function useApproveCreditRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveCreditRequest,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: aiCreditsQueryKey }),
  });
}
