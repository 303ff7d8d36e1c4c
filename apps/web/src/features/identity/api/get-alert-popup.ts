import { AlertPopupSchema, type AlertPopup } from '@lectern/contracts/identity/org-admin.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';

export function alertPopupQueryKey(orgId: number) {
  return ['identity', 'alert-popup', orgId] as const;
}

export function getAlertPopup(orgId: number, signal?: AbortSignal): Promise<AlertPopup> {
  return request(`/api/orgs/${orgId}/alert-popup`, { schema: AlertPopupSchema, signal });
}

export function alertPopupQueryOptions(orgId: number) {
  return queryOptions({
    queryKey: alertPopupQueryKey(orgId),
    queryFn: ({ signal }) => getAlertPopup(orgId, signal),
    staleTime: 10 * 60_000,
  });
}

export function useAlertPopup(orgId: number | undefined) {
  return useQuery({ ...alertPopupQueryOptions(orgId ?? 0), enabled: orgId !== undefined });
}
