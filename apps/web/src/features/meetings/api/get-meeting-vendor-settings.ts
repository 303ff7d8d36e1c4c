import {
  MeetingVendorSettingsSchema,
  type MeetingVendorSettings,
} from '@lectern/contracts/meetings/meeting-vendor-settings.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { meetingsQueryKey } from './meetings-keys.ts';

export const meetingVendorSettingsKey = (orgId: number) =>
  [...meetingsQueryKey, 'vendor-settings', orgId] as const;

/** `GET /api/orgs/{id}/meeting-vendor-settings`: each vendor's settings; secrets only as `_set` flags. */
export function getMeetingVendorSettings(
  orgId: number,
  signal?: AbortSignal,
): Promise<MeetingVendorSettings> {
  return request(`/api/orgs/${orgId}/meeting-vendor-settings`, {
    schema: MeetingVendorSettingsSchema,
    signal,
  });
}

export function useMeetingVendorSettings(orgId: number) {
  return useQuery(
    queryOptions({
      queryKey: meetingVendorSettingsKey(orgId),
      queryFn: ({ signal }) => getMeetingVendorSettings(orgId, signal),
      enabled: orgId > 0,
    }),
  );
}
