import {
  LiveRecordSettingsSchema,
  type LiveRecordSettings,
} from '@lectern/contracts/identity/org-admin.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';

export function liveRecordSettingsQueryKey(orgId: number) {
  return ['identity', 'live-record-settings', orgId] as const;
}

export function getLiveRecordSettings(orgId: number, signal?: AbortSignal): Promise<LiveRecordSettings> {
  return request(`/api/orgs/${orgId}/live-record-settings`, { schema: LiveRecordSettingsSchema, signal });
}

export function useLiveRecordSettings(orgId: number) {
  return useQuery(
    queryOptions({
      queryKey: liveRecordSettingsQueryKey(orgId),
      queryFn: ({ signal }) => getLiveRecordSettings(orgId, signal),
      enabled: orgId > 0,
    }),
  );
}
