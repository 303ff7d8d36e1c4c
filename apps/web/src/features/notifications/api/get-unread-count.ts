import {
  UnreadCountResponseSchema,
  type UnreadCountResponse,
} from '@lectern/contracts/notifications/notifications.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { notificationsQueryKey } from './notifications-keys.ts';

/** How often the bell asks; a returning tab asks at once (refetchOnWindowFocus). */
export const UNREAD_POLL_MS = 60_000;

export const unreadCountQueryKey = [...notificationsQueryKey, 'unread-count'] as const;

/** `GET /api/notifications/unread-count`. */
export function getUnreadCount(signal?: AbortSignal): Promise<UnreadCountResponse> {
  return request('/api/notifications/unread-count', { schema: UnreadCountResponseSchema, signal });
}

export function unreadCountQueryOptions() {
  return queryOptions({
    queryKey: unreadCountQueryKey,
    queryFn: ({ signal }) => getUnreadCount(signal),
    refetchInterval: UNREAD_POLL_MS,
    refetchOnWindowFocus: true,
    staleTime: 0,
  });
}

export function useUnreadCount() {
  return useQuery(unreadCountQueryOptions());
}
