import {
  AnnouncementSchema,
  type Announcement,
} from '@lectern/contracts/announcements/announcements.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { announcementsQueryKey } from './announcements-keys.ts';

/** `PUT /api/announcements/{id}/read`: the first opening counts. */
export function markAnnouncementRead(id: number): Promise<Announcement> {
  return request(`/api/announcements/${id}/read`, { method: 'PUT', schema: AnnouncementSchema });
}

export function useMarkAnnouncementRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAnnouncementRead,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: announcementsQueryKey }),
  });
}
