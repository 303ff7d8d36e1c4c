import type { AlertPopup } from '@lectern/contracts/identity/org-admin.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestTyped } from '../../../shared/api/http-client.ts';

export function alertPopupQueryKey(orgId: number) {
  return ['identity', 'alert-popup', orgId] as const;
}

// Typed, not parsed: the shell asks for it on every first screen (decision 0014).
export function getAlertPopup(orgId: number, signal?: AbortSignal): Promise<AlertPopup> {
  return requestTyped<AlertPopup>(`/api/orgs/${orgId}/alert-popup`, { signal });
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
