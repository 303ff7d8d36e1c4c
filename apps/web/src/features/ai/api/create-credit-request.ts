import {
  CreditRequestSchema,
  type CreateCreditRequest,
  type CreditRequest,
} from '@lectern/contracts/ai/ai.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { myCreditRequestsQueryKey } from './ai-keys.ts';

/** `POST /api/ai/credit-requests` (instructors): asks the administrators for more credits. */
export function createCreditRequest(body: CreateCreditRequest): Promise<CreditRequest> {
  return request('/api/ai/credit-requests', { method: 'POST', body, schema: CreditRequestSchema });
}

export function useCreateCreditRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCreditRequest,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: myCreditRequestsQueryKey }),
  });
}
