import { CreditRequestPageSchema, type CreditRequestPage } from '@lectern/contracts/ai/ai.schemas';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { myCreditRequestsQueryKey, type ListParams } from './ai-keys.ts';

/** `GET /api/ai/credit-requests/mine` (instructors): the user's own requests and their decisions. */
export function listMyCreditRequests(params: ListParams, signal?: AbortSignal): Promise<CreditRequestPage> {
  const query = { page: params.page, pageSize: params.pageSize };
  return request('/api/ai/credit-requests/mine', { query, schema: CreditRequestPageSchema, signal });
}

export function useMyCreditRequests(params: ListParams, enabled = true) {
  return useQuery({
    enabled,
    queryKey: [...myCreditRequestsQueryKey, params],
    queryFn: ({ signal }) => listMyCreditRequests(params, signal),
    placeholderData: keepPreviousData,
  });
}
