import {
  NotificationSchema,
  type Notification,
} from '@lectern/contracts/notifications/notifications.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { notificationsQueryKey } from './notifications-keys.ts';

/** `PUT /api/notifications/{id}/read`. */
export function markNotificationRead(id: number): Promise<Notification> {
  return request(`/api/notifications/${id}/read`, { method: 'PUT', schema: NotificationSchema });
}

export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsQueryKey }),
  });
}
