import { CreditRequestPageSchema, type CreditRequestPage } from '@lectern/contracts/ai/ai.schemas';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { creditRequestsQueryKey, type ListParams } from './ai-keys.ts';

/** `GET /api/ai/credit-requests` (administrators): every request of the organisation, newest first. */
export function listCreditRequests(params: ListParams, signal?: AbortSignal): Promise<CreditRequestPage> {
  const query = { page: params.page, pageSize: params.pageSize };
  return request('/api/ai/credit-requests', { query, schema: CreditRequestPageSchema, signal });
}

export function useCreditRequests(params: ListParams, enabled = true) {
  return useQuery({
    enabled,
    queryKey: [...creditRequestsQueryKey, 'all', params],
    queryFn: ({ signal }) => listCreditRequests(params, signal),
    placeholderData: keepPreviousData,
  });
}
