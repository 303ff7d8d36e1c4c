import { OrgFeaturesSchema, type OrgFeatures } from '@lectern/contracts/identity/org-admin.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';

export function orgSettingsQueryKey(orgId: number) {
  return ['identity', 'org-settings', orgId] as const;
}

export function getOrgSettings(orgId: number, signal?: AbortSignal): Promise<OrgFeatures> {
  return request(`/api/orgs/${orgId}/settings`, { schema: OrgFeaturesSchema, signal });
}

export function orgSettingsQueryOptions(orgId: number) {
  return queryOptions({
    queryKey: orgSettingsQueryKey(orgId),
    queryFn: ({ signal }) => getOrgSettings(orgId, signal),
  });
}

export function useOrgSettings(orgId: number) {
  return useQuery(orgSettingsQueryOptions(orgId));
}
