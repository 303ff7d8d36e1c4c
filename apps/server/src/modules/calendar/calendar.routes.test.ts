import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CalendarEventsResponseSchema,
  type CalendarEvent,
} from '@lectern/contracts/calendar/calendar.schemas';
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

const RANGE = { start: '2027-03-01T00:00:00.000Z', end: '2027-04-01T00:00:00.000Z' };
const at = (iso: string) => new Date(iso);

let t: TestApp;
let student: Session;
let teacher: Session;
let assistant: Session;
let simulating: Session;
let courseAId: number;
let courseAName: string;

beforeAll(async () => {
  t = await createTestApp();
  const orgId = (await createOrg(t)).id;
  const teacherUser = await createUser(t, orgId);
  const assistantUser = await createUser(t, orgId);
  const me = await createUser(t, orgId);
  const courseA = await createCourse(t, orgId, teacherUser.id, { name: 'Algebra' });
  courseAId = courseA.id;
  courseAName = courseA.name;
  const courseB = await createCourse(t, orgId, teacherUser.id, {
    name: 'Biology',
    displayName: 'Biology 2027',
  });
  // The student is not in this one: nothing of it may show.
  const other = await createCourse(t, orgId, teacherUser.id, { name: 'Chemistry' });
  await addMember(t, courseA.id, me.id, ['student']);
  await addMember(t, courseB.id, me.id, ['student']);
  await addMember(t, courseA.id, assistantUser.id, ['instructor_assistant']);
  const moduleA = (await createModule(t, courseA.id)).id;
  const moduleB = (await createModule(t, courseB.id)).id;
  const moduleC = (await createModule(t, other.id)).id;
  const make = (courseId: number, moduleId: number, values: Partial<Parameters<typeof createActivity>[1]>) =>
    createActivity(t, { courseId, moduleId, createdBy: teacherUser.id, ...values });

  await make(courseA.id, moduleA, {
    type: 'homework',
    title: 'Essay',
    startTime: at('2027-02-20T00:00:00Z'),
    endTime: at('2027-03-10T15:59:00Z'),
  });
  await make(courseA.id, moduleA, {
    type: 'exam',
    title: 'Midterm',
    startTime: at('2027-03-15T01:00:00Z'),
    endTime: at('2027-03-15T03:00:00Z'),
  });
  await make(courseA.id, moduleA, {
    type: 'homework',
    title: 'Draft homework',
    published: false,
    endTime: at('2027-03-12T00:00:00Z'),
  });
  // Its deadline was in February, but late hand-ins stay open into March.
  await make(courseB.id, moduleB, {
    type: 'homework',
    title: 'Lab report',
    endTime: at('2027-02-25T00:00:00Z'),
    data: { allow_late_submission: true, late_submission_end_time: '2027-03-05T10:00:00.000Z' },
  });
  // Late hand-ins switched off: the stored late deadline is no deadline.
  await make(courseB.id, moduleB, {
    type: 'homework',
    title: 'No late',
    endTime: at('2027-02-25T00:00:00Z'),
    data: { allow_late_submission: false, late_submission_end_time: '2027-03-06T10:00:00.000Z' },
  });
  await make(courseB.id, moduleB, {
    type: 'lecture_live',
    title: 'Live lecture',
    startTime: at('2027-03-31T23:59:59Z'),
    endTime: at('2027-04-01T00:00:00Z'),
  });
  await make(courseB.id, moduleB, { type: 'material', title: 'Undated reading' });
  await make(courseB.id, moduleB, {
    type: 'exam',
    title: 'Final',
    startTime: at('2027-06-01T00:00:00Z'),
    endTime: at('2027-06-02T00:00:00Z'),
  });
  await make(other.id, moduleC, { type: 'exam', title: 'Not mine', startTime: at('2027-03-03T00:00:00Z') });

  student = await loginAs(t, me);
  teacher = await loginAs(t, teacherUser);
  assistant = await loginAs(t, assistantUser);
  simulating = await loginAs(t, teacherUser, { simulatingCourseId: courseA.id });
});
afterAll(async () => t.close());

async function events(session: Session, range = RANGE): Promise<CalendarEvent[]> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/calendar/events?start=${encodeURIComponent(range.start)}&end=${encodeURIComponent(range.end)}`,
    headers: session.headers,
  });
  expect(res.statusCode).toBe(200);
  return CalendarEventsResponseSchema.parse(res.json()).events;
}

const summary = (list: CalendarEvent[]) => list.map((e) => `${e.title}:${e.kind}`);

describe('GET /api/calendar/events', () => {
  it('gives a student the dated moments of their courses’ published activities in range, earliest first', async () => {
    expect(summary(await events(student))).toEqual([
      'Lab report:late_end',
      'Essay:end',
      'Midterm:start',
      'Midterm:end',
      'Live lecture:start',
    ]);
  });

  it('gives each event its activity, course and window', async () => {
    const midterm = (await events(student)).find((e) => e.title === 'Midterm' && e.kind === 'start');
    expect(midterm).toMatchObject({
      time: '2027-03-15T01:00:00.000Z',
      activity_type: 'exam',
      published: true,
      start_time: '2027-03-15T01:00:00.000Z',
      end_time: '2027-03-15T03:00:00.000Z',
      course_id: courseAId,
      course_name: courseAName,
    });
    const lab = (await events(student)).find((e) => e.title === 'Lab report');
    // The display name is what the student knows the course by.
    expect(lab?.course_name).toBe('Biology 2027');
    expect(lab?.time).toBe('2027-03-05T10:00:00.000Z');
  });

  it('shows drafts to the teaching team, instructors and assistants alike, marked unpublished', async () => {
    for (const session of [teacher, assistant]) {
      const draft = (await events(session)).find((e) => e.title === 'Draft homework');
      expect(draft).toMatchObject({ kind: 'end', published: false });
    }
    expect(summary(await events(teacher))).toContain('Not mine:start');
  });

  it('hides drafts from an instructor viewing the course as a student', async () => {
    const titles = (await events(simulating)).map((e) => e.title);
    expect(titles).not.toContain('Draft homework');
    expect(titles).toContain('Midterm');
  });

  it('counts the start of the range in and its end out', async () => {
    const list = await events(student, {
      start: '2027-03-15T01:00:00.000Z',
      end: '2027-03-15T03:00:00.000Z',
    });
    expect(summary(list)).toEqual(['Midterm:start']);
  });

  it('reads instants written with an offset', async () => {
    const list = await events(student, {
      start: '2027-03-15T09:00:00+08:00',
      end: '2027-03-15T09:00:01+08:00',
    });
    expect(summary(list)).toEqual(['Midterm:start']);
  });

  it('refuses a missing, unreadable, reversed or too long range with an error on the field', async () => {
    const ask = (query: string) =>
      t.app.inject({ method: 'GET', url: `/api/calendar/events?${query}`, headers: student.headers });

    const missing = await ask('end=2027-04-01T00:00:00Z');
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'validation_failed' });
    expect(missing.json().errors.start).toEqual(['Give a valid start time (UTC ISO format).']);

    const unreadable = await ask('start=2027-03-01&end=2027-04-01T00:00:00Z');
    expect(unreadable.statusCode).toBe(400);
    expect(Object.keys(unreadable.json().errors)).toEqual(['start']);

    const reversed = await ask('start=2027-04-01T00:00:00Z&end=2027-03-01T00:00:00Z');
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().errors.end).toEqual(['The end time must be after the start time.']);

    const tooLong = await ask('start=2027-01-01T00:00:00Z&end=2027-04-04T00:00:01Z');
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().errors.end).toEqual(['The range can span at most 93 days.']);

    const longest = await ask('start=2027-01-01T00:00:00Z&end=2027-04-04T00:00:00Z');
    expect(longest.statusCode).toBe(200);
  });

  it('speaks the caller’s language in field errors', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/calendar/events?start=2027-04-01T00:00:00Z&end=2027-03-01T00:00:00Z',
      headers: { ...student.headers, 'accept-language': 'zh-CN' },
    });
    expect(res.json().errors.end).toEqual(['结束时间必须晚于开始时间']);
  });

  it('needs a signed-in user', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/calendar/events?start=${RANGE.start}&end=${RANGE.end}`,
    });
    expect(res.statusCode).toBe(401);
  });
});
