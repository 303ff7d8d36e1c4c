import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ICAL from 'ical.js';
import { buildCalendar, escapeText, foldLine } from './calendar-feed.ics.ts';
import {
  addMember,
  createActivity,
  createCourse,
  createModule,
  createOrg,
  createUser,
  loginAs,
  type Session,
} from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let student: Session;
let other: Session;
const soon = (days: number) => new Date(Date.now() + days * 86_400_000);

beforeAll(async () => {
  t = await createTestApp();
  const orgId = (await createOrg(t)).id;
  const teacher = await createUser(t, orgId);
  const me = await createUser(t, orgId);
  const course = await createCourse(t, orgId, teacher.id, { name: 'Physics, part 1; "basics"' });
  await addMember(t, course.id, me.id, ['student']);
  const moduleId = (await createModule(t, course.id)).id;
  await createActivity(t, {
    courseId: course.id,
    moduleId,
    createdBy: teacher.id,
    type: 'homework',
    title:
      'Lab; report, part\\2\nsecond line — 中文标题很长很长很长很长很长很长很长很长很长很长很长很长很长很长很长',
    endTime: soon(3),
  });
  await createActivity(t, {
    courseId: course.id,
    moduleId,
    createdBy: teacher.id,
    type: 'lecture_live',
    title: 'Live',
    startTime: soon(5),
    endTime: new Date(soon(5).getTime() + 3600_000),
  });
  await createActivity(t, {
    courseId: course.id,
    moduleId,
    createdBy: teacher.id,
    type: 'homework',
    title: 'Draft',
    published: false,
    endTime: soon(4),
  });
  student = await loginAs(t, me);
  other = await loginAs(t, await createUser(t, orgId));
});
afterAll(async () => t.close());

describe('iCalendar text', () => {
  it('escapes TEXT values and folds long lines at 75 octets without splitting characters', () => {
    expect(escapeText('a\\b;c,d\ne\r\nf')).toBe('a\\\\b\\;c\\,d\\ne\\nf');
    const folded = foldLine(`SUMMARY:${'中'.repeat(40)}`);
    for (const line of folded.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(
      folded
        .split('\r\n')
        .map((l, i) => (i === 0 ? l : l.slice(1)))
        .join(''),
    ).toBe(`SUMMARY:${'中'.repeat(40)}`);
  });

  it('writes UTC times and CRLF line ends', () => {
    const text = buildCalendar({
      name: 'x',
      now: new Date('2027-03-01T08:00:00.123Z'),
      events: [
        {
          uid: '1@x',
          start: new Date('2027-03-02T01:02:03Z'),
          end: new Date('2027-03-02T01:02:03Z'),
          summary: 's',
          description: '',
          url: null,
          categories: [],
        },
      ],
    });
    expect(text).toContain('\r\nDTSTART:20270302T010203Z\r\n');
    expect(text).toContain('\r\nDTSTAMP:20270301T080000Z\r\n');
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  });
});

describe('the per-user feed', () => {
  let path: string;

  it('has no feed until asked, then gives a secret path shown once', async () => {
    const status = await t.app.inject({ method: 'GET', url: '/api/calendar/feed', headers: student.headers });
    expect(status.json()).toEqual({ active: false, created_at: null });
    const made = await t.app.inject({ method: 'POST', url: '/api/calendar/feed', headers: student.headers });
    expect(made.statusCode).toBe(200);
    path = made.json().path;
    expect(path).toMatch(/^\/api\/calendar\/feed\/[A-Za-z0-9_-]{43}\.ics$/);
    const after = await t.app.inject({ method: 'GET', url: '/api/calendar/feed', headers: student.headers });
    expect(after.json()).toMatchObject({ active: true });
    expect(JSON.stringify(after.json())).not.toContain(path.slice(19, 40));
  });

  it('serves a calendar without a session that parses, with escaped titles and UTC times', async () => {
    const res = await t.app.inject({ method: 'GET', url: path });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    const calendar = new ICAL.Component(ICAL.parse(res.body));
    const events = calendar.getAllSubcomponents('vevent').map((c) => new ICAL.Event(c));
    const byTitle = new Map(events.map((e) => [e.summary, e]));
    const lab = byTitle.get(
      'Lab; report, part\\2\nsecond line — 中文标题很长很长很长很长很长很长很长很长很长很长很长很长很长很长很长',
    );
    expect(lab).toBeDefined();
    expect(lab?.description).toBe('Physics, part 1; "basics"');
    expect(lab?.startDate.zone.tzid).toBe('UTC');
    // A live lesson's start lasts its window; its end is a point.
    const live = events.find((e) => e.summary === 'Live' && e.uid.endsWith('-start@lectern'));
    expect(live?.endDate.toJSDate().getTime() ?? 0).toBeGreaterThan(
      live?.startDate.toJSDate().getTime() ?? 0,
    );
    // Drafts never reach a student's feed.
    expect(byTitle.has('Draft')).toBe(false);
  });

  it('stops working when replaced or revoked; unknown tokens are 404', async () => {
    const replaced = await t.app.inject({
      method: 'POST',
      url: '/api/calendar/feed',
      headers: student.headers,
    });
    expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(404);
    const newPath: string = replaced.json().path;
    expect((await t.app.inject({ method: 'GET', url: newPath })).statusCode).toBe(200);
    const revoked = await t.app.inject({
      method: 'DELETE',
      url: '/api/calendar/feed',
      headers: student.headers,
    });
    expect(revoked.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: newPath })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/calendar/feed/nope.ics' })).statusCode).toBe(404);
    // Someone else's revocation touches only their own feed.
    expect(
      (await t.app.inject({ method: 'DELETE', url: '/api/calendar/feed', headers: other.headers }))
        .statusCode,
    ).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/calendar/feed' })).statusCode).toBe(401);
  });
});
