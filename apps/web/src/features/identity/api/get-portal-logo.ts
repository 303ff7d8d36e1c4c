import { PortalLogoSchema, type PortalLogo } from '@lectern/contracts/identity/org-admin.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';

export const portalLogoQueryKey = ['identity', 'portal-logo'] as const;

export function getPortalLogo(signal?: AbortSignal): Promise<PortalLogo> {
  return request('/api/portal-logo', { schema: PortalLogoSchema, signal });
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
