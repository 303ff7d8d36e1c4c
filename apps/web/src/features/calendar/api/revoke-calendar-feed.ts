import { OkResponseSchema } from '@lectern/contracts/common/primitives.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { calendarFeedKey } from './get-calendar-feed.ts';

/** `DELETE /api/calendar/feed`: the feed URL stops working at once. */
export async function revokeCalendarFeed(): Promise<void> {
  await request('/api/calendar/feed', { method: 'DELETE', schema: OkResponseSchema });
}

export function useRevokeCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeCalendarFeed,
    onSuccess: () => queryClient.setQueryData(calendarFeedKey, { active: false, created_at: null }),
  });
}
