import dayjs, { type Dayjs } from 'dayjs';
import { useSyncExternalStore } from 'react';
// Imported for its side effect too: it extends dayjs with the utc and timezone plugins.
import { getDisplayTimeZone, subscribeDisplayTimeZone } from './date-time.ts';

/**
 * Times in the user's zone for inputs and calendars. Display (formatDateTime) converts on the way out, but
 * antd's pickers compute with plain browser-zone Dayjs values (parsing typed text, "now", day cells), and
 * mixing in zoned Dayjs values breaks across daylight-saving changes. So a picker holds a *wall clock*: a
 * browser-zone Dayjs whose fields read the time in the user's zone; it is converted to and from the real
 * instant only at the edges (a wall clock the browser's own zone skips at a DST change moves by its gap).
 */
const WALL_CLOCK_FORMAT = 'YYYY-MM-DDTHH:mm:ss.SSS';
const DATE_KEY_FORMAT = 'YYYY-MM-DD';

/** The zone the user chose in settings, or null for the browser's own; re-renders when it changes. */
export function useDisplayTimeZone(): string | null {
  return useSyncExternalStore(subscribeDisplayTimeZone, getDisplayTimeZone, getDisplayTimeZone);
}

/** An instant as the wall clock in the user's zone; missing or unreadable values give null. */
export function toWallClock(instant: string | number | Date | Dayjs | null | undefined): Dayjs | null {
  if (instant === null || instant === undefined || instant === '') return null;
  const parsed = dayjs(instant);
  if (!parsed.isValid()) return null;
  const zone = getDisplayTimeZone();
  return zone ? dayjs(parsed.tz(zone).format(WALL_CLOCK_FORMAT)) : parsed;
}

/** The instant a wall clock in the user's zone stands for. */
export function fromWallClock(value: Dayjs): Dayjs {
  const zone = getDisplayTimeZone();
  return zone ? dayjs.tz(value.format(WALL_CLOCK_FORMAT), zone) : value;
}

/** A wall clock in the user's zone as a wire value (UTC ISO). */
export function wallClockToWire(value: Dayjs): string {
  return fromWallClock(value).toDate().toISOString();
}

/** The current wall clock in the user's zone. */
export function wallClockNow(): Dayjs {
  return toWallClock(Date.now()) ?? dayjs();
}

/** The calendar date (YYYY-MM-DD) an instant falls on in the user's zone. */
export function dateKeyOf(instant: string | number | Date | Dayjs): string {
  return toWallClock(instant)?.format(DATE_KEY_FORMAT) ?? '';
}

/** The instant (UTC ISO) a calendar date (YYYY-MM-DD) begins in the user's zone. */
export function startOfDateKey(dateKey: string): string {
  const zone = getDisplayTimeZone();
  // Straight from the date, never through a browser-zone wall clock, whose midnight may not exist.
  const start = zone ? dayjs.tz(`${dateKey}T00:00:00`, zone) : dayjs(dateKey).startOf('day');
  return start.toDate().toISOString();
}
