import {
  OrgAnnouncementsResponseSchema,
  type OrgAnnouncementsResponse,
} from '@lectern/contracts/announcements/announcements.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { orgAnnouncementsQueryKey } from './announcements-keys.ts';

/** `GET /api/org-announcements`: the organisation's announcements (scheduled ones too for administrators). */
export function listOrgAnnouncements(signal?: AbortSignal): Promise<OrgAnnouncementsResponse> {
  return request('/api/org-announcements', { schema: OrgAnnouncementsResponseSchema, signal });
}

export function orgAnnouncementsQueryOptions() {
  return queryOptions({
    queryKey: orgAnnouncementsQueryKey,
    queryFn: ({ signal }) => listOrgAnnouncements(signal),
  });
}

export function useOrgAnnouncements() {
  return useQuery(orgAnnouncementsQueryOptions());
}
