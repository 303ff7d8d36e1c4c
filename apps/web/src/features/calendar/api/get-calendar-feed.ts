import {
  CalendarFeedStatusSchema,
  type CalendarFeedStatus,
} from '@lectern/contracts/course-services/calendar-feed.schemas';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';

export const calendarFeedKey = ['calendar', 'feed'] as const;

/** `GET /api/calendar/feed`: whether the user has an iCalendar feed, and since when. */
export function getCalendarFeed(signal?: AbortSignal): Promise<CalendarFeedStatus> {
  return request('/api/calendar/feed', { schema: CalendarFeedStatusSchema, signal });
}

export function useCalendarFeed() {
  return useQuery({ queryKey: calendarFeedKey, queryFn: ({ signal }) => getCalendarFeed(signal) });
}
