import { AnnouncementDeletedResponseSchema } from '@lectern/contracts/announcements/announcements.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { announcementsQueryKey } from './announcements-keys.ts';

/** `DELETE /api/announcements/{id}`. */
export function deleteAnnouncement(id: number): Promise<{ id: number }> {
  return request(`/api/announcements/${id}`, { method: 'DELETE', schema: AnnouncementDeletedResponseSchema });
}

export function useDeleteAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAnnouncement,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: announcementsQueryKey }),
  });
}
