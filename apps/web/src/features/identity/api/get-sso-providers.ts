import {
  SsoProvidersResponseSchema,
  type SsoProvidersResponse,
} from '@lectern/contracts/identity/sso.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';

export const ssoProvidersQueryKey = ['identity', 'sso-providers'] as const;

export function getSsoProviders(signal?: AbortSignal): Promise<SsoProvidersResponse> {
  return request('/api/sso/providers', { schema: SsoProvidersResponseSchema, signal });
}

export function ssoProvidersQueryOptions() {
  return queryOptions({
    queryKey: ssoProvidersQueryKey,
    queryFn: ({ signal }) => getSsoProviders(signal),
    // Set by the server's environment: it changes only when Lectern restarts.
    staleTime: Infinity,
  });
}

export function useSsoProviders() {
  return useQuery(ssoProvidersQueryOptions());
}
