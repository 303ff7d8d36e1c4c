import {
  CalendarFeedCreatedSchema,
  type CalendarFeedCreated,
} from '@lectern/contracts/course-services/calendar-feed.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { calendarFeedKey } from './get-calendar-feed.ts';

/** `POST /api/calendar/feed`: a new secret feed URL; any earlier one stops working. */
export function createCalendarFeed(): Promise<CalendarFeedCreated> {
  return request('/api/calendar/feed', { method: 'POST', schema: CalendarFeedCreatedSchema });
}

export function useCreateCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCalendarFeed,
    onSuccess: ({ active, created_at }) => queryClient.setQueryData(calendarFeedKey, { active, created_at }),
  });
}
