import {
  CalendarEventsResponseSchema,
  type CalendarEventsResponse,
} from '@lectern/contracts/calendar/calendar.schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';

export type CalendarRange = { start: string; end: string };

/** `GET /api/calendar/events`: the dated moments of the caller's activities in [start, end) (UTC ISO). */
export function listCalendarEvents(
  range: CalendarRange,
  signal?: AbortSignal,
): Promise<CalendarEventsResponse> {
  return request('/api/calendar/events', { query: range, schema: CalendarEventsResponseSchema, signal });
}

export function calendarEventsQueryOptions(range: CalendarRange) {
  return queryOptions({
    queryKey: ['calendar', 'events', range.start, range.end] as const,
    queryFn: ({ signal }) => listCalendarEvents(range, signal),
  });
}

/** Keeps the previous month on screen while the next one loads, so paging through months does not flash. */
export function useCalendarEvents(range: CalendarRange) {
  return useQuery({ ...calendarEventsQueryOptions(range), placeholderData: keepPreviousData });
}
