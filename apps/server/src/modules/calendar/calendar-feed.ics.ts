/**
 * RFC 5545 text, written by hand because it is small: CRLF line ends, lines folded at 75 octets (never
 * inside a UTF-8 sequence), TEXT values escaped (backslash, semicolon, comma, newline), times in UTC.
 */

export type IcsEvent = {
  uid: string;
  /** The moment itself; an event of the feed is a point in time (a deadline, a start). */
  start: Date;
  end: Date;
  summary: string;
  description: string;
  url: string | null;
  categories: string[];
};

/** TEXT escaping (RFC 5545 section 3.3.11); CR is dropped and other control characters become spaces. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n')
    .replace(/\p{Cc}/gu, ' ');
}

/** `YYYYMMDDTHHMMSSZ`. */
export function formatUtc(date: Date): string {
  return date
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');
}

const encoder = new TextEncoder();

/** Folds a content line into chunks of at most 75 octets, each continuation starting with a space. */
export function foldLine(line: string): string {
  if (encoder.encode(line).length <= 75) return line;
  const parts: string[] = [];
  let current = '';
  let size = 0;
  for (const char of line) {
    const bytes = encoder.encode(char).length;
    // The first line holds 75 octets; continuations 74 after their leading space.
    const limit = parts.length === 0 ? 75 : 74;
    if (size + bytes > limit) {
      parts.push(current);
      current = '';
      size = 0;
    }
    current += char;
    size += bytes;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

export function buildCalendar(options: { name: string; now: Date; events: IcsEvent[] }): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Lectern//Calendar feed//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(options.name)}`,
  ];
  const stamp = formatUtc(options.now);
  for (const event of options.events) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${escapeText(event.uid)}`,
      `DTSTAMP:${stamp}`,
      `DTSTART:${formatUtc(event.start)}`,
      `DTEND:${formatUtc(event.end)}`,
      `SUMMARY:${escapeText(event.summary)}`,
    );
    if (event.description) lines.push(`DESCRIPTION:${escapeText(event.description)}`);
    if (event.categories.length > 0) lines.push(`CATEGORIES:${event.categories.map(escapeText).join(',')}`);
    // URI values are not TEXT: no escaping, but they must not break the line.
    if (event.url) lines.push(`URL:${event.url.replace(/[\r\n]/g, '')}`);
    lines.push('END:VEVENT');
  }
  lines.push('END:VCALENDAR');
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
