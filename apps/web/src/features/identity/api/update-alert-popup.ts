import {
  AlertPopupSchema,
  type AlertPopup,
  type UpdateAlertPopupRequest,
} from '@lectern/contracts/identity/org-admin.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { alertPopupQueryKey } from './get-alert-popup.ts';

export function updateAlertPopup({
  orgId,
  body,
}: {
  orgId: number;
  body: UpdateAlertPopupRequest;
}): Promise<AlertPopup> {
  return request(`/api/orgs/${orgId}/alert-popup`, { method: 'PUT', body, schema: AlertPopupSchema });
}

export function useUpdateAlertPopup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAlertPopup,
    onSuccess: (popup, { orgId }) => queryClient.setQueryData(alertPopupQueryKey(orgId), popup),
  });
}
