import {
  UnreadCountResponseSchema,
  type UnreadCountResponse,
} from '@lectern/contracts/notifications/notifications.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { notificationsQueryKey } from './notifications-keys.ts';

/** `PUT /api/notifications/read-all`. */
export function markAllNotificationsRead(): Promise<UnreadCountResponse> {
  return request('/api/notifications/read-all', { method: 'PUT', schema: UnreadCountResponseSchema });
}

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsQueryKey }),
  });
}
