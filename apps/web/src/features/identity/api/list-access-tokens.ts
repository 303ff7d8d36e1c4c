import {
  AccessTokensResponseSchema,
  type AccessToken,
} from '@lectern/contracts/identity/access-tokens.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';

export const accessTokensQueryKey = ['identity', 'access-tokens'] as const;

export async function listAccessTokens(signal?: AbortSignal): Promise<AccessToken[]> {
  const response = await request('/api/user/access-tokens', { schema: AccessTokensResponseSchema, signal });
  return response.access_tokens;
}

export function accessTokensQueryOptions() {
  return queryOptions({
    queryKey: accessTokensQueryKey,
    queryFn: ({ signal }) => listAccessTokens(signal),
  });
}

export function useAccessTokens() {
  return useQuery(accessTokensQueryOptions());
}
