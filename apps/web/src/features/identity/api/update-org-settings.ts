import { OrgFeaturesSchema, type OrgFeatures } from '@lectern/contracts/identity/org-admin.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { currentUserQueryKey } from '../public/get-current-user.ts';
import { orgSettingsQueryKey } from './get-org-settings.ts';

export function updateOrgSettings({
  orgId,
  body,
}: {
  orgId: number;
  body: OrgFeatures;
}): Promise<OrgFeatures> {
  return request(`/api/orgs/${orgId}/settings`, { method: 'PUT', body, schema: OrgFeaturesSchema });
}

export function useUpdateOrgSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOrgSettings,
    onSuccess: (features, { orgId }) => {
      queryClient.setQueryData(orgSettingsQueryKey(orgId), features);
      // Features read the switches from the organisation inside the current user.
      return queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
    },
  });
}
