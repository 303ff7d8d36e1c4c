import {
  NotificationsResponseSchema,
  type NotificationsResponse,
} from '@lectern/contracts/notifications/notifications.schemas';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { notificationsQueryKey } from './notifications-keys.ts';

export const NOTIFICATIONS_PAGE_SIZE = 10;

export const notificationListQueryKey = [...notificationsQueryKey, 'list'] as const;

/** `GET /api/notifications`: the caller's notifications, newest first. */
export function listNotifications(page: number, signal?: AbortSignal): Promise<NotificationsResponse> {
  return request('/api/notifications', {
    query: { page, page_size: NOTIFICATIONS_PAGE_SIZE },
    schema: NotificationsResponseSchema,
    signal,
  });
}

export function notificationListQueryOptions() {
  return infiniteQueryOptions({
    queryKey: notificationListQueryKey,
    queryFn: ({ pageParam, signal }) => listNotifications(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page < last.pages ? last.page + 1 : undefined),
    staleTime: 0,
  });
}

/** Loaded only while the list is open. */
export function useNotificationList(enabled: boolean) {
  return useInfiniteQuery({ ...notificationListQueryOptions(), enabled });
}
