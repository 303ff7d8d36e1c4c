import { AppError } from '../../platform/errors.ts';
import { escapeText, foldLine, formatUtc } from '../calendar/calendar-feed.ics.ts';
import type { MeetingAdapter } from './meeting-adapter.ts';

export type CalendarInvite = Readonly<{
  uid: string;
  /** Bumped on every change of the meeting, so calendars replace the earlier copy (RFC 5546). */
  sequence: number;
  start: Date;
  end: Date;
  summary: string;
  description: string;
  location: string | null;
  url: string | null;
  organizer: Readonly<{ name: string; email: string | null }>;
  attendees: readonly Readonly<{ name: string; email: string }>[];
}>;

/** A CN parameter value: quoted, with the characters a quoted value may not hold dropped. */
const cn = (name: string) => `"${name.replace(/["\r\n]/g, '').replace(/\p{Cc}/gu, '')}"`;
const mailto = (email: string) => `mailto:${email.replace(/[\s\r\n;:,"]/g, '')}`;

/**
 * The invitation as an iCalendar object (RFC 5545) with METHOD:REQUEST (RFC 5546), which mail clients and
 * calendars offer to accept: one VEVENT with the organiser and one ATTENDEE per invited person.
 */
export function buildInvite(invite: CalendarInvite, now: Date): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Lectern//Calendar meeting//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:REQUEST',
    'BEGIN:VEVENT',
    `UID:${escapeText(invite.uid)}`,
    `SEQUENCE:${invite.sequence}`,
    `DTSTAMP:${formatUtc(now)}`,
    `DTSTART:${formatUtc(invite.start)}`,
    `DTEND:${formatUtc(invite.end)}`,
    `SUMMARY:${escapeText(invite.summary)}`,
    'STATUS:CONFIRMED',
  ];
  if (invite.description) lines.push(`DESCRIPTION:${escapeText(invite.description)}`);
  if (invite.location) lines.push(`LOCATION:${escapeText(invite.location)}`);
  if (invite.url) lines.push(`URL:${invite.url.replace(/[\r\n]/g, '')}`);
  const organizer = invite.organizer.email
    ? mailto(invite.organizer.email)
    : 'mailto:noreply@lectern.invalid';
  lines.push(`ORGANIZER;CN=${cn(invite.organizer.name)}:${organizer}`);
  for (const attendee of invite.attendees) {
    lines.push(
      `ATTENDEE;CN=${cn(attendee.name)};ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION;RSVP=TRUE:${mailto(attendee.email)}`,
    );
  }
  lines.push('END:VEVENT', 'END:VCALENDAR');
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}

export type CalDavOptions = Readonly<{
  /** The calendar collection, e.g. https://dav.example.edu/calendars/lectern/ */
  url: string;
  username: string | undefined;
  password: string | undefined;
  timeoutMs?: number;
  fetch?: typeof fetch;
}>;

/**
 * CalDAV (RFC 4791): a calendar object resource is created or replaced by a PUT of the iCalendar text to
 * `<collection>/<uid>.ics` with `Content-Type: text/calendar`; the server answers 201 or 204.
 */
export function calDavClient(options: CalDavOptions) {
  const collection = options.url.endsWith('/') ? options.url : `${options.url}/`;
  const doFetch = options.fetch ?? fetch;
  const auth =
    options.username !== undefined
      ? `Basic ${Buffer.from(`${options.username}:${options.password ?? ''}`).toString('base64')}`
      : undefined;
  const resourceUrl = (uid: string) => `${collection}${encodeURIComponent(uid)}.ics`;

  return {
    async put(uid: string, ics: string): Promise<void> {
      const headers: Record<string, string> = { 'content-type': 'text/calendar; charset=utf-8' };
      if (auth) headers.authorization = auth;
      let response: Response;
      try {
        response = await doFetch(resourceUrl(uid), {
          method: 'PUT',
          headers,
          body: ics,
          signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
        });
        await response.arrayBuffer();
      } catch {
        throw new AppError('service_unavailable', 'meetings.vendorUnreachable');
      }
      if (response.status !== 201 && response.status !== 204 && response.status !== 200) {
        throw new AppError('bad_gateway', {
          key: 'meetings.calendarServerRefused',
          params: { reason: `HTTP ${response.status}` },
        });
      }
    },

    async remove(uid: string): Promise<void> {
      const headers: Record<string, string> = {};
      if (auth) headers.authorization = auth;
      try {
        const response = await doFetch(resourceUrl(uid), {
          method: 'DELETE',
          headers,
          signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
        });
        await response.arrayBuffer();
      } catch {
        throw new AppError('service_unavailable', 'meetings.vendorUnreachable');
      }
    },
  };
}

export type CalDavClient = ReturnType<typeof calDavClient>;

/** The stable UID of a calendar meeting's event: the same activity always replaces the same event. */
export const calendarUidOf = (activityId: number) => `lectern-meeting-${activityId}@lectern`;

/**
 * Meetings booked into calendars (`data.meeting_vendor = 'calendar'`): joined by the link the instructor
 * gave (a room's address for an in-person meeting has none); attendance is Lectern's own join records.
 */
export function calendarMeetingAdapter(): MeetingAdapter {
  return {
    name: 'calendar',
    ensure(meeting) {
      return Promise.resolve({ meetingId: meeting.data.meeting_id ?? calendarUidOf(meeting.activityId) });
    },
    joinUrl(meeting) {
      return Promise.resolve(meeting.data.join_url ?? null);
    },
    attendees() {
      return Promise.resolve([]);
    },
    replays(meeting) {
      return Promise.resolve(
        (meeting.data.replay_address ?? []).map((url) => ({ url, startTime: null, endTime: null })),
      );
    },
  };
}
