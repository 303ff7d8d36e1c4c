import dayjs, { type Dayjs } from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * The zone the user chose in their settings (spec 000 section 9), or null for the browser's own. Set by
 * the identity feature whenever the signed-in user is loaded; a module value rather than a hook so the
 * helpers keep working in plain functions (table renderers, CSV names).
 */
let displayZone: string | null = null;
const zoneListeners = new Set<() => void>();

export function setDisplayTimeZone(zone: string | null | undefined): void {
  const next = zone ?? null;
  if (next === displayZone) return;
  displayZone = next;
  // Pickers and calendars hold values in the zone: they re-render when it changes (useDisplayTimeZone).
  for (const listener of zoneListeners) listener();
}

/** Calls `listener` whenever the user's zone changes; returns the unsubscribe function. */
export function subscribeDisplayTimeZone(listener: () => void): () => void {
  zoneListeners.add(listener);
  return () => zoneListeners.delete(listener);
}

export function getDisplayTimeZone(): string | null {
  return displayZone;
}

/** Display format from the spec; shown in the user's chosen zone, else the browser's own. */
export const DISPLAY_DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';
/** The spec's `yyyy-MM-dd HH:mm` for pickers, where seconds would only be noise. */
export const PICKER_DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm';

type DateInput = string | number | Date | Dayjs | null | undefined;

/** Formats a wire timestamp for display; missing or unreadable values give an empty string. */
export function formatDateTime(value: DateInput, format: string = DISPLAY_DATE_TIME_FORMAT): string {
  if (value === null || value === undefined || value === '') return '';
  const parsed = dayjs(value);
  if (!parsed.isValid()) return '';
  return (displayZone ? parsed.tz(displayZone) : parsed).format(format);
}

/** Wire timestamps are UTC ISO-8601 whatever zone the user picked them in. */
export function toWire(value: Dayjs): string {
  return value.toDate().toISOString();
}

export function fromWire(value: string | null | undefined): Dayjs | null {
  if (!value) return null;
  const parsed = dayjs(value);
  return parsed.isValid() ? parsed : null;
}
