import dayjs, { type Dayjs } from 'dayjs';

/** Display format from the spec; shown in the browser's own time zone. */
export const DISPLAY_DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';
/** The spec's `yyyy-MM-dd HH:mm` for pickers, where seconds would only be noise. */
export const PICKER_DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm';

type DateInput = string | number | Date | Dayjs | null | undefined;

/** Formats a wire timestamp for display; missing or unreadable values give an empty string. */
export function formatDateTime(value: DateInput, format: string = DISPLAY_DATE_TIME_FORMAT): string {
  if (value === null || value === undefined || value === '') return '';
  const parsed = dayjs(value);
  return parsed.isValid() ? parsed.format(format) : '';
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
