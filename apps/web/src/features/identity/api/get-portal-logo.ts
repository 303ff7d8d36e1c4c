import type { PortalLogo } from '@lectern/contracts/identity/org-admin.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestTyped } from '../../../shared/api/http-client.ts';

export const portalLogoQueryKey = ['identity', 'portal-logo'] as const;

// Typed, not parsed: the sign-in page and the shell draw the logo first (decision 0014).
export function getPortalLogo(signal?: AbortSignal): Promise<PortalLogo> {
  return requestTyped<PortalLogo>('/api/portal-logo', { signal });
}

export function portalLogoQueryOptions() {
  return queryOptions({
    queryKey: portalLogoQueryKey,
    queryFn: ({ signal }) => getPortalLogo(signal),
    // Changed by an administrator a few times a year.
    staleTime: 30 * 60_000,
  });
}

export function usePortalLogo() {
  return useQuery(portalLogoQueryOptions());
}
