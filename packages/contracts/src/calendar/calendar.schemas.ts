import { z } from 'zod';
import { NullableIsoDateTimeSchema } from '../common/primitives.schemas.ts';

/**
 * The longest range one request may ask for: a month grid shows at most six weeks, and a quarter is the
 * most an agenda needs. It bounds what one query reads whatever the client asks.
 */
export const CALENDAR_RANGE_MAX_DAYS = 93;
const DAY_MS = 86_400_000;

/** `GET /api/calendar/events?start=&end=`: UTC ISO instants, start inclusive, end exclusive. */
export const CalendarEventsQuerySchema = z
  .object({
    start: z.iso.datetime({ offset: true, error: 'calendar.startInvalid' }),
    end: z.iso.datetime({ offset: true, error: 'calendar.endInvalid' }),
  })
  .superRefine((query, ctx) => {
    const start = Date.parse(query.start);
    const end = Date.parse(query.end);
    if (Number.isNaN(start) || Number.isNaN(end)) return;
    if (end <= start) {
      ctx.addIssue({ code: 'custom', path: ['end'], message: 'calendar.endBeforeStart' });
    } else if (end - start > CALENDAR_RANGE_MAX_DAYS * DAY_MS) {
      ctx.addIssue({
        code: 'custom',
        path: ['end'],
        message: 'calendar.rangeTooLong',
        // Read by the server's message renderer as the {maximum} of the sentence.
        maximum: CALENDAR_RANGE_MAX_DAYS,
      });
    }
  });
export type CalendarEventsQuery = z.infer<typeof CalendarEventsQuerySchema>;

/**
 * What moment of an activity an event marks: its start (an exam opens, a live lesson begins), its end (a
 * homework deadline, an exam closes), or the end of late hand-ins for homework that allows them.
 */
export const CALENDAR_EVENT_KINDS = ['start', 'end', 'late_end'] as const;
export const CalendarEventKindSchema = z.enum(CALENDAR_EVENT_KINDS);
export type CalendarEventKind = z.infer<typeof CalendarEventKindSchema>;

/** One dated moment of an activity in the requested range; an activity may give several. */
export const CalendarEventSchema = z
  .object({
    kind: CalendarEventKindSchema,
    /** The moment itself, inside the requested range. */
    time: z.iso.datetime({ offset: true }),
    activity_id: z.number().int(),
    /** The activity's type (`homework`, `exam`, `classroom_exam`, `lecture_live`, …). */
    activity_type: z.string(),
    title: z.string(),
    /** False only for drafts, which only the teaching team receives. */
    published: z.boolean(),
    /** The activity's own window, so a client can show "09:00–11:00" beside either moment. */
    start_time: NullableIsoDateTimeSchema,
    end_time: NullableIsoDateTimeSchema,
    course_id: z.number().int(),
    course_name: z.string(),
  })
  .meta({ id: 'CalendarEvent' });
export type CalendarEvent = z.infer<typeof CalendarEventSchema>;

export const CalendarEventsResponseSchema = z.object({ events: z.array(CalendarEventSchema) });
export type CalendarEventsResponse = z.infer<typeof CalendarEventsResponseSchema>;

/** Earliest first; at the same moment by title, then activity, so the order is stable. */
export function compareCalendarEvents(a: CalendarEvent, b: CalendarEvent): number {
  return (
    Date.parse(a.time) - Date.parse(b.time) ||
    a.title.localeCompare(b.title) ||
    a.activity_id - b.activity_id ||
    CALENDAR_EVENT_KINDS.indexOf(a.kind) - CALENDAR_EVENT_KINDS.indexOf(b.kind)
  );
}

/** The page an event opens: its activity, inside its course. */
export function calendarEventLink(event: Pick<CalendarEvent, 'course_id' | 'activity_id'>): string {
  return `/course/${event.course_id}/activity/${event.activity_id}`;
}
