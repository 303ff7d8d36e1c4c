import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppError } from '../../platform/errors.ts';
import { startCalDavServer, type CalDavFake } from '../../test/caldav-server.fake.ts';
import { buildInvite, calDavClient, calendarUidOf } from './calendar-meeting.adapter.ts';

let dav: CalDavFake;
beforeAll(async () => {
  dav = await startCalDavServer();
});
afterAll(async () => {
  await dav.close();
});

const invite = buildInvite(
  {
    uid: calendarUidOf(42),
    sequence: 3,
    start: new Date('2026-12-01T08:00:00Z'),
    end: new Date('2026-12-01T09:30:00Z'),
    summary: 'Review; chapter 3, part 2',
    description: 'Bring questions\nand notes',
    location: 'Room 101',
    url: 'https://meet.example.edu/abc',
    organizer: { name: 'Ada "Prof" Host', email: 'ada@example.edu' },
    attendees: [
      { name: 'Lin', email: 'lin@example.edu' },
      { name: '陈同学', email: 'chen@example.edu' },
    ],
  },
  new Date('2026-11-27T00:00:00Z'),
);

describe('calendar meeting invites (RFC 5545 / 5546) and CalDAV PUT', () => {
  it('writes one REQUEST VEVENT with escaped text, organiser and attendees, CRLF lines of ≤75 octets', () => {
    expect(invite.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(invite).toContain('\r\nMETHOD:REQUEST\r\n');
    expect(invite).toContain('\r\nUID:lectern-meeting-42@lectern\r\n');
    expect(invite).toContain('\r\nSEQUENCE:3\r\n');
    expect(invite).toContain('\r\nDTSTART:20261201T080000Z\r\nDTEND:20261201T093000Z\r\n');
    expect(invite).toContain('\r\nSUMMARY:Review\\; chapter 3\\, part 2\r\n');
    expect(invite).toContain('\r\nDESCRIPTION:Bring questions\\nand notes\r\n');
    expect(invite).toContain('\r\nORGANIZER;CN="Ada Prof Host":mailto:ada@example.edu\r\n');
    const unfolded = invite.replace(/\r\n /g, '');
    expect(unfolded).toContain(
      'ATTENDEE;CN="陈同学";ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION;RSVP=TRUE:mailto:chen@example.edu',
    );
    for (const line of invite.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
  });

  it('PUTs the invite as text/calendar into the collection: 201 then 204 on replace', async () => {
    const caldav = calDavClient({ url: dav.url, username: dav.username, password: dav.password });
    await caldav.put(calendarUidOf(42), invite);
    await caldav.put(calendarUidOf(42), invite);
    const path = `/calendars/lectern/${calendarUidOf(42)}.ics`;
    expect(dav.objects.get(path)).toBe(invite);
    expect(dav.requests.filter((r) => r.path === path).map((r) => r.contentType)).toEqual([
      'text/calendar; charset=utf-8',
      'text/calendar; charset=utf-8',
    ]);
    await caldav.remove(calendarUidOf(42));
    expect(dav.objects.has(path)).toBe(false);
  });

  it('reports a refusal (wrong credentials, invalid data) as 502 with the HTTP status', async () => {
    const wrong = calDavClient({ url: dav.url, username: dav.username, password: 'nope' });
    const refused = await wrong.put('x', invite).catch((e: unknown) => e);
    expect((refused as AppError).status).toBe(502);
    expect((refused as AppError).detail).toEqual({
      key: 'meetings.calendarServerRefused',
      params: { reason: 'HTTP 401' },
    });
    const caldav = calDavClient({ url: dav.url, username: dav.username, password: dav.password });
    const invalid = await caldav.put('y', 'BEGIN:VCALENDAR\nEND:VCALENDAR\n').catch((e: unknown) => e);
    expect(JSON.stringify((invalid as AppError).detail)).toContain('HTTP 403');
  });
});
