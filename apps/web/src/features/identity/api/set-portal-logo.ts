import { PortalLogoSchema, type PortalLogo } from '@lectern/contracts/identity/org-admin.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { portalLogoQueryKey } from './get-portal-logo.ts';

export function setPortalLogo({ orgId, uploadId }: { orgId: number; uploadId: number }): Promise<PortalLogo> {
  return request(`/api/orgs/${orgId}/portal-logo`, {
    method: 'PUT',
    query: { upload_id: uploadId },
    schema: PortalLogoSchema,
  });
}

export function useSetPortalLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setPortalLogo,
    onSuccess: (logo) => queryClient.setQueryData(portalLogoQueryKey, logo),
  });
}
