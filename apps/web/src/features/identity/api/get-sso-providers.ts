import type { SsoProvidersResponse } from '@lectern/contracts/identity/sso.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestTyped } from '../../../shared/api/http-client.ts';

export const ssoProvidersQueryKey = ['identity', 'sso-providers'] as const;

// Typed, not parsed: the sign-in page is a first screen (decision 0014).
export function getSsoProviders(signal?: AbortSignal): Promise<SsoProvidersResponse> {
  return requestTyped<SsoProvidersResponse>('/api/sso/providers', { signal });
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
