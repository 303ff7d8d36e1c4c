import { z } from 'zod';
import { PageMetaSchema, PageQuerySchema } from '../common/pagination.schemas.ts';
import { plainText } from '../common/plain-text.ts';
import { IdSchema, IsoDateSchema } from '../common/primitives.schemas.ts';

/** Kinds of a teaching schedule entry: what happens in that slot of the week. */
export const TEACHING_ENTRY_TYPES = ['theory', 'practice', 'experiment', 'exam', 'other'] as const;
export const TeachingEntryTypeSchema = z.enum(TEACHING_ENTRY_TYPES, {
  error: 'courseServices.teachingTypeInvalid',
});
export type TeachingEntryType = z.infer<typeof TeachingEntryTypeSchema>;

export const TEACHING_TEXT_MAX = 500;
export const TEACHING_HOURS_MAX = 24;

/** "08:00-09:40": two 24-hour clock times, the second later than the first. */
const TIME_RANGE = /^([01]\d|2[0-3]):([0-5]\d)-([01]\d|2[0-3]):([0-5]\d)$/;

export function isTimeRange(value: string): boolean {
  const match = TIME_RANGE.exec(value);
  if (!match) return false;
  const [, h1, m1, h2, m2] = match.map(Number) as [number, number, number, number, number];
  return h1 * 60 + m1 < h2 * 60 + m2;
}

/** A teaching week of a semester, derived from the semester's start date: week n starts 7(n-1) days later. */
export const TeachingWeekSchema = z
  .object({
    id: z.number().int(),
    sequence: z.number().int(),
    name: z.string(),
    semester_id: z.number().int(),
    start_date: IsoDateSchema,
    end_date: IsoDateSchema,
  })
  .meta({ id: 'TeachingWeek' });
export type TeachingWeek = z.infer<typeof TeachingWeekSchema>;

export const TeachingWeeksQuerySchema = z.object({ semester_id: IdSchema.optional() });
export const TeachingWeeksResponseSchema = z.object({ teaching_weeks: z.array(TeachingWeekSchema) });
export type TeachingWeeksResponse = z.infer<typeof TeachingWeeksResponseSchema>;

const text = (max: number, required: string) =>
  plainText(required).min(1, required).max(max, 'courseServices.textTooLong');
const optionalText = (max: number) => plainText().max(max, 'courseServices.textTooLong').default('');

/**
 * `POST /api/course/{id}/teaching-calendar` and `PUT /api/teaching-calendar/{id}`. The entry's fields are
 * camelCase on the wire, as the original clients read and send them (spec 001 section 3).
 */
export const SaveTeachingEntryRequestSchema = z
  .object({
    teachingWeekId: IdSchema,
    type: TeachingEntryTypeSchema,
    content: text(TEACHING_TEXT_MAX, 'courseServices.contentRequired'),
    hours: z
      .number({ error: 'courseServices.hoursInvalid' })
      .positive('courseServices.hoursInvalid')
      .max(TEACHING_HOURS_MAX, 'courseServices.hoursInvalid')
      .multipleOf(0.5, 'courseServices.hoursInvalid'),
    instructor: optionalText(100),
    location: optionalText(100),
    teachingDate: z.iso.date({ error: 'courseServices.dateInvalid' }),
    /** Which lesson periods of the day, as the school numbers them ("1-2"). */
    teachingTime: optionalText(50),
    timeRange: z
      .string()
      .refine((v) => v === '' || isTimeRange(v), 'courseServices.timeRangeInvalid')
      .default(''),
  })
  .meta({ id: 'SaveTeachingEntryRequest' });
export type SaveTeachingEntryRequest = z.input<typeof SaveTeachingEntryRequestSchema>;

export const TeachingEntryCourseSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  display_name: z.string().nullable(),
});

export const TeachingEntrySchema = z
  .object({
    id: z.number().int(),
    teachingWeekId: z.number().int(),
    type: TeachingEntryTypeSchema,
    content: z.string(),
    hours: z.number(),
    instructor: z.string(),
    location: z.string(),
    teachingDate: IsoDateSchema,
    teachingTime: z.string(),
    timeRange: z.string(),
    teachingWeek: z.object({ id: z.number().int(), sequence: z.number().int(), name: z.string() }),
    course: TeachingEntryCourseSchema,
  })
  .meta({ id: 'TeachingEntry' });
export type TeachingEntry = z.infer<typeof TeachingEntrySchema>;

export const TeachingEntryResponseSchema = z.object({ teaching_calendar: TeachingEntrySchema });
export const TeachingCalendarsResponseSchema = z.object({ teaching_calendars: z.array(TeachingEntrySchema) });
export type TeachingCalendarsResponse = z.infer<typeof TeachingCalendarsResponseSchema>;

/** `GET /api/teaching-calendars?keyword=&page=&page_size=`: entries of every course the caller belongs to. */
export const TeachingCalendarSearchQuerySchema = PageQuerySchema.extend({
  keyword: z.string().trim().max(100, 'courseServices.textTooLong').default(''),
});
export const TeachingCalendarSearchResponseSchema = PageMetaSchema.extend({
  teaching_calendars: z.array(TeachingEntrySchema),
});
export type TeachingCalendarSearchResponse = z.infer<typeof TeachingCalendarSearchResponseSchema>;

/** `GET /api/courses/{id}/timetables?current_date=`: the week holding that date (today when absent). */
export const TimetablesQuerySchema = z.object({
  current_date: z.iso.date({ error: 'courseServices.dateInvalid' }).optional(),
});
export const TimetablesResponseSchema = z.object({
  current_date: IsoDateSchema,
  teaching_week: TeachingWeekSchema.nullable(),
  timetables: z.array(TeachingEntrySchema),
});
export type TimetablesResponse = z.infer<typeof TimetablesResponseSchema>;

const DAY_MS = 86_400_000;

/** The weeks of a semester from its first to its last day; none without both dates. */
export function semesterWeeks(
  startDate: string | null,
  endDate: string | null,
): { sequence: number; startDate: string; endDate: string }[] {
  if (!startDate || !endDate) return [];
  const start = Date.parse(`${startDate}T00:00:00Z`);
  const end = Date.parse(`${endDate}T00:00:00Z`);
  if (Number.isNaN(start) || Number.isNaN(end) || end < start) return [];
  const weeks = [];
  for (let at = start, sequence = 1; at <= end && sequence <= 60; at += 7 * DAY_MS, sequence += 1) {
    const last = Math.min(at + 6 * DAY_MS, end);
    weeks.push({
      sequence,
      startDate: new Date(at).toISOString().slice(0, 10),
      endDate: new Date(last).toISOString().slice(0, 10),
    });
  }
  return weeks;
}
