import {
  AnnouncementSchema,
  type Announcement,
  type AnnouncementInput,
} from '@lectern/contracts/announcements/announcements.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { announcementsQueryKey } from './announcements-keys.ts';

/** `PUT /api/announcements/{id}`: the whole announcement. */
export function updateAnnouncement(id: number, body: AnnouncementInput): Promise<Announcement> {
  return request(`/api/announcements/${id}`, { method: 'PUT', body, schema: AnnouncementSchema });
}

export function useUpdateAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: AnnouncementInput }) => updateAnnouncement(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: announcementsQueryKey }),
  });
}
