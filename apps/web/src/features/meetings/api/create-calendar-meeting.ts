import {
  CalendarMeetingResponseSchema,
  type CalendarMeetingRequest,
  type CalendarMeetingResponse,
} from '@lectern/contracts/meetings/meetings.schemas';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';

/** `POST /api/calendar-meeting`: the activity and its iCalendar invitation (and CalDAV copy). */
export function createCalendarMeeting(body: CalendarMeetingRequest): Promise<CalendarMeetingResponse> {
  return request('/api/calendar-meeting', { method: 'POST', body, schema: CalendarMeetingResponseSchema });
}

export function useCreateCalendarMeeting() {
  return useMutation({ mutationFn: createCalendarMeeting });
}
