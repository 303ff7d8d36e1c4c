import { MEETING_TYPES } from '@lectern/contracts/activities/activity-types';
import type { CalendarEvent, CalendarEventKind } from '@lectern/contracts/calendar/calendar.schemas';
import dayjs from 'dayjs';
import { dateKeyOf, startOfDateKey, toWallClock } from '../../../shared/components/zoned-time.ts';

/** A month as `YYYY-MM`, read in the user's zone. */
export type MonthKey = string;

const MONTH_KEY = /^(\d{4})-(0[1-9]|1[0-2])$/;

export function isMonthKey(value: string | null | undefined): value is MonthKey {
  return typeof value === 'string' && MONTH_KEY.test(value);
}

/** The month an instant falls in, in the user's zone. */
export function monthKeyOf(instant: string | number | Date): MonthKey {
  return toWallClock(instant)?.format('YYYY-MM') ?? dayjs().format('YYYY-MM');
}

export function addMonths(month: MonthKey, delta: number): MonthKey {
  return dayjs(`${month}-01`).add(delta, 'month').format('YYYY-MM');
}

/**
 * The weeks shown for a month (dates as YYYY-MM-DD), each starting on `weekStart` (0 Sunday, 1 Monday):
 * whole weeks from the one holding the 1st to the one holding the last day. Dates are plain calendar
 * days, so daylight-saving changes cannot skip or repeat one.
 */
export function monthWeeks(month: MonthKey, weekStart: 0 | 1): string[][] {
  const first = dayjs(`${month}-01`);
  const lead = (first.day() - weekStart + 7) % 7;
  const gridStart = first.subtract(lead, 'day');
  const days = lead + first.daysInMonth();
  const weeks: string[][] = [];
  for (let week = 0; week * 7 < days; week += 1) {
    weeks.push(
      Array.from({ length: 7 }, (_, day) => gridStart.add(week * 7 + day, 'day').format('YYYY-MM-DD')),
    );
  }
  return weeks;
}

/** The instants (UTC ISO) the grid covers in the user's zone: from its first day's start to after its last. */
export function gridRange(weeks: string[][]): { start: string; end: string } {
  const first = weeks[0]?.[0] ?? '';
  const last = weeks.at(-1)?.at(-1) ?? first;
  return {
    start: startOfDateKey(first),
    end: startOfDateKey(dayjs(last).add(1, 'day').format('YYYY-MM-DD')),
  };
}

/**
 * One line of a day: a moment of an activity, or its whole window when it opens and closes the same day
 * (a live lesson, a classroom quiz), which reads better as "09:00–10:30" than as two lines.
 */
export type DayEntry = {
  key: string;
  kind: CalendarEventKind | 'window';
  /** When it happens (the window's start). */
  time: string;
  /** The window's end, for `window` entries. */
  until: string | null;
  event: CalendarEvent;
};

/** Entries by date (YYYY-MM-DD in the user's zone), each day in time order. */
export function entriesByDay(events: readonly CalendarEvent[]): Map<string, DayEntry[]> {
  const days = new Map<string, DayEntry[]>();
  const sorted = [...events].sort((a, b) => Date.parse(a.time) - Date.parse(b.time));
  for (const event of sorted) {
    const day = dateKeyOf(event.time);
    const list = days.get(day) ?? [];
    if (event.kind === 'end') {
      const opened = list.find((e) => e.kind === 'start' && e.event.activity_id === event.activity_id);
      if (opened) {
        opened.kind = 'window';
        opened.until = event.time;
        continue;
      }
    }
    list.push({
      key: `${event.activity_id}-${event.kind}`,
      kind: event.kind,
      time: event.time,
      until: null,
      event,
    });
    days.set(day, list);
  }
  return days;
}

/** Sunday-first for English, Monday-first for Chinese, as calendars there are printed. */
export function weekStartOf(locale: string): 0 | 1 {
  return locale === 'en-US' ? 0 : 1;
}

/** How an activity type reads on the calendar. */
export type EventCategory = 'homework' | 'exam' | 'classroom_exam' | 'meeting' | 'other';

export function categoryOf(type: string): EventCategory {
  if (type === 'homework' || type === 'exam' || type === 'classroom_exam') return type;
  return (MEETING_TYPES as readonly string[]).includes(type) ? 'meeting' : 'other';
}

/** The words for an entry's moment (a homework's end is its deadline, an exam's start its opening). */
export type KindLabel = 'start' | 'end' | 'late_end' | 'opens' | 'due' | 'closes';

/** Null for a same-day window: its times say it all. */
export function kindLabelOf(category: EventCategory, kind: DayEntry['kind']): KindLabel | null {
  if (kind === 'window') return null;
  if (kind === 'late_end') return 'late_end';
  if (category === 'homework') return kind === 'start' ? 'opens' : 'due';
  if (category === 'exam' || category === 'classroom_exam') return kind === 'start' ? 'opens' : 'closes';
  return kind;
}

const DATE_KEY = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** A calendar date as `YYYY-MM-DD` that exists (no 31 April). */
export function isDateKey(value: string | null | undefined): value is string {
  return typeof value === 'string' && DATE_KEY.test(value) && dayjs(value).format('YYYY-MM-DD') === value;
}

/** The seven dates of the week holding `day`, starting on `weekStart` (0 Sunday, 1 Monday). */
export function weekOf(day: string, weekStart: 0 | 1): string[] {
  const date = dayjs(day);
  const first = date.subtract((date.day() - weekStart + 7) % 7, 'day');
  return Array.from({ length: 7 }, (_, i) => first.add(i, 'day').format('YYYY-MM-DD'));
}

export function addDays(day: string, delta: number): string {
  return dayjs(day).add(delta, 'day').format('YYYY-MM-DD');
}
