import {
  MeetingVendorSettingsSchema,
  type MeetingVendorSettings,
  type UpdateMeetingVendorSettingsRequest,
} from '@lectern/contracts/meetings/meeting-vendor-settings.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { meetingVendorSettingsKey } from './get-meeting-vendor-settings.ts';
import { vendorAuthKey } from './meetings-keys.ts';

/** `PUT /api/orgs/{id}/meeting-vendor-settings`: saves the vendors in the body; empty secrets are kept. */
export function updateMeetingVendorSettings({
  orgId,
  body,
}: {
  orgId: number;
  body: UpdateMeetingVendorSettingsRequest;
}): Promise<MeetingVendorSettings> {
  return request(`/api/orgs/${orgId}/meeting-vendor-settings`, {
    method: 'PUT',
    body,
    schema: MeetingVendorSettingsSchema,
  });
}

export function useUpdateMeetingVendorSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMeetingVendorSettings,
    onSuccess: async (settings, { orgId }) => {
      queryClient.setQueryData(meetingVendorSettingsKey(orgId), settings);
      // Whether Tencent Meeting and Lark are configured is what the meeting forms ask first.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: vendorAuthKey('tencent') }),
        queryClient.invalidateQueries({ queryKey: vendorAuthKey('lark') }),
      ]);
    },
  });
}
