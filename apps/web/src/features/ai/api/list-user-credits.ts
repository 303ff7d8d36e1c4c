import { UserCreditPageSchema, type UserCreditPage } from '@lectern/contracts/ai/ai.schemas';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { userCreditsQueryKey, type ListParams } from './ai-keys.ts';

/** `GET /api/ai/user-credits` (administrators): instructors' and administrators' credits, paged. */
export function listUserCredits(params: ListParams, signal?: AbortSignal): Promise<UserCreditPage> {
  return request('/api/ai/user-credits', { query: params, schema: UserCreditPageSchema, signal });
}

export function useUserCredits(params: ListParams) {
  return useQuery({
    queryKey: [...userCreditsQueryKey, params],
    queryFn: ({ signal }) => listUserCredits(params, signal),
    placeholderData: keepPreviousData,
  });
}
