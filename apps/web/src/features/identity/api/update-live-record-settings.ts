import {
  LiveRecordSettingsSchema,
  type LiveRecordSettings,
} from '@lectern/contracts/identity/org-admin.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { liveRecordSettingsQueryKey } from './get-live-record-settings.ts';

export function updateLiveRecordSettings({
  orgId,
  body,
}: {
  orgId: number;
  body: LiveRecordSettings;
}): Promise<LiveRecordSettings> {
  return request(`/api/orgs/${orgId}/live-record-settings`, {
    method: 'PUT',
    body,
    schema: LiveRecordSettingsSchema,
  });
}

export function useUpdateLiveRecordSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateLiveRecordSettings,
    onSuccess: (settings, { orgId }) => {
      queryClient.setQueryData(liveRecordSettingsQueryKey(orgId), settings);
      // Resource lists say per recording whether it may be deleted: read again with the new rule.
      return queryClient.invalidateQueries({ queryKey: ['activity-resources'] });
    },
  });
}
