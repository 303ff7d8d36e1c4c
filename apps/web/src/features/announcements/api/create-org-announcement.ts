import {
  AnnouncementSchema,
  type Announcement,
  type AnnouncementInput,
} from '@lectern/contracts/announcements/announcements.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { orgAnnouncementsQueryKey } from './announcements-keys.ts';

/** `POST /api/org-announcements` (201, administrators). */
export function createOrgAnnouncement(body: AnnouncementInput): Promise<Announcement> {
  return request('/api/org-announcements', { method: 'POST', body, schema: AnnouncementSchema });
}

export function useCreateOrgAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOrgAnnouncement,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orgAnnouncementsQueryKey }),
  });
}
