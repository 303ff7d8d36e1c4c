import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

/**
 * Watched ranges of online videos (`POST /api/course/activities-read/{id}` with start, end, duration) and
 * the activity reads the original clients make with GET.
 */
let t: TestApp;
let courseId: number;
let moduleId: number;
let teacherId: number;
let teacher: Session;
let student: Session;

beforeAll(async () => {
  t = await createTestApp();
  const orgId = (await createOrg(t)).id;
  const teacherUser = await createUser(t, orgId);
  const studentUser = await createUser(t, orgId);
  teacherId = teacherUser.id;
  const course = await createCourse(t, orgId, teacherUser.id);
  courseId = course.id;
  moduleId = (await createModule(t, course.id)).id;
  await addMember(t, course.id, studentUser.id, ['student']);
  teacher = await loginAs(t, teacherUser);
  student = await loginAs(t, studentUser);
});
afterAll(async () => t?.close());

/** An online video of `duration` seconds completed once `percent` of it is watched. */
const video = (duration: number | undefined, percent = 80) =>
  createActivity(t, {
    courseId,
    moduleId,
    createdBy: teacherId,
    type: 'online_video',
    data:
      duration === undefined
        ? { description: '<p>Watch me</p>' }
        : { duration, description: '<p>Watch me</p>' },
    completionCriterionKey: 'completeness',
    completionCriterionValue: percent,
    endTime: new Date('2030-01-01T00:00:00Z'),
  });

const read = (session: Session, id: number, body?: unknown) =>
  t.app.inject({
    method: 'POST',
    url: `/api/course/activities-read/${id}`,
    headers: session.headers,
    ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
  });

describe('POST /api/course/activities-read/{id} with watched ranges', () => {
  it('merges overlapping ranges and computes completeness from their union', async () => {
    const { id } = await video(200);
    let body = (await read(student, id, { start: 0, end: 50, duration: 200 })).json();
    expect(body).toMatchObject({
      completeness: 'part',
      data: { completeness: 25, ranges: [[0, 50]], end: 50 },
    });

    // Watching the same minute again adds nothing; a later, separate range does.
    body = (await read(student, id, { start: 10, end: 40, duration: 200 })).json();
    expect(body.data.completeness).toBe(25);
    body = (await read(student, id, { start: 100, end: 150, duration: 200 })).json();
    expect(body.data).toEqual({
      completeness: 50,
      ranges: [
        [0, 50],
        [100, 150],
      ],
      end: 50,
    });
    body = (await read(student, id, { start: 40, end: 120, duration: 200 })).json();
    expect(body).toMatchObject({ completeness: 'part', data: { completeness: 75, ranges: [[0, 150]] } });
    // The criterion asks for 80%.
    body = (await read(student, id, { start: 150, end: 160, duration: 200 })).json();
    expect(body).toMatchObject({ completeness: 'full', data: { completeness: 80, ranges: [[0, 160]] } });
    expect(body.read_count).toBe(5);
  });

  it('makes the video completed in the learner’s activity list once the criterion is reached', async () => {
    const { id } = await video(100, 60);
    const completed = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/courses/${courseId}/activities`,
          headers: student.headers,
        })
      )
        .json()
        .activities.find((a: { id: number }) => a.id === id).completed;
    expect(await completed()).toBe(false);
    await read(student, id, { start: 0, end: 59, duration: 100 });
    expect(await completed()).toBe(false);
    await read(student, id, { start: 59, end: 60, duration: 100 });
    expect(await completed()).toBe(true);
  });

  it('keeps concurrent reports of one learner in the union', async () => {
    const { id } = await video(1000);
    await Promise.all(
      Array.from({ length: 10 }, (_, i) => read(student, id, { start: i * 100, end: i * 100 + 100 })),
    );
    const body = (await read(student, id)).json();
    expect(body.data).toMatchObject({ completeness: 100, ranges: [[0, 1000]] });
  });

  it('refuses wrong ranges with an error on the field', async () => {
    const { id } = await video(300);
    const cases: [unknown, string][] = [
      [{ start: 50, end: 50 }, 'end'],
      [{ start: 'a', end: 60 }, 'start'],
      [{ start: -1, end: 60 }, 'start'],
      [{ start: 10 }, 'end'],
      [{ start: 10, end: 400, duration: 300 }, 'end'],
      [{ start: 350, end: 400 }, 'start'],
    ];
    for (const [body, field] of cases) {
      const response = await read(student, id, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(response.json().errors)).toEqual([field]);
    }
    // Nothing was stored by the refused reports.
    expect((await read(student, id)).json().data.ranges).toEqual([]);
  });

  it('takes the length from the player when the video has none saved, and wants one then', async () => {
    const { id } = await video(undefined);
    const missing = await read(student, id, { start: 0, end: 10 });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().errors)).toEqual(['duration']);
    const body = (await read(student, id, { start: 0, end: 10, duration: 40 })).json();
    expect(body.data.completeness).toBe(25);
    // A plain read later still shows what was watched.
    expect((await read(student, id)).json()).toMatchObject({
      completeness: 'part',
      data: { completeness: 25 },
    });
  });

  it('refuses ranges on other activity types, and records nothing for the teaching team', async () => {
    const page = await createActivity(t, { courseId, moduleId, createdBy: teacherId, type: 'page' });
    const onPage = await read(student, page.id, { start: 0, end: 10 });
    expect(onPage.statusCode).toBe(400);
    expect((await read(student, page.id)).json()).toMatchObject({
      completeness: 'full',
      data: { completeness: 100, ranges: [] },
    });

    const { id } = await video(100);
    const body = (await read(teacher, id, { start: 0, end: 100 })).json();
    expect(body).toMatchObject({ recorded: false, completeness: 'none', data: { ranges: [] } });
  });
});

describe('activity reads of the original clients', () => {
  it('GET /api/activities/{id} carries deadline and a top-level description', async () => {
    const { id } = await video(100);
    const body = (
      await t.app.inject({ method: 'GET', url: `/api/activities/${id}`, headers: student.headers })
    ).json();
    expect(body).toMatchObject({ deadline: '2030-01-01T00:00:00.000Z', description: '<p>Watch me</p>' });
  });

  it('GET /api/course/{c}/learning-activity/{a} answers the video with its duration, only in its course', async () => {
    const { id } = await video(321);
    const ok = await t.app.inject({
      method: 'GET',
      url: `/api/course/${courseId}/learning-activity/${id}`,
      headers: student.headers,
    });
    expect(ok.json()).toMatchObject({ id, type: 'online_video', title: expect.any(String), duration: 321 });
    const elsewhere = await t.app.inject({
      method: 'GET',
      url: `/api/course/${courseId + 1000}/learning-activity/${id}`,
      headers: student.headers,
    });
    expect(elsewhere.statusCode).toBe(404);
  });

  it('GET /api/course/{id}/coursewares lists material activities and no others', async () => {
    const { id } = await video(10);
    const forum = await createActivity(t, { courseId, moduleId, createdBy: teacherId, type: 'forum' });
    const body = (
      await t.app.inject({
        method: 'GET',
        url: `/api/course/${courseId}/coursewares`,
        headers: student.headers,
      })
    ).json();
    const ids = body.activities.map((a: { id: number }) => a.id);
    expect(ids).toContain(id);
    expect(ids).not.toContain(forum.id);
  });

  it('GET /api/courses/{id}/live-record lists ended live sessions that left replays', async () => {
    const replayed = await createActivity(t, {
      courseId,
      moduleId,
      createdBy: teacherId,
      type: 'lecture_live',
      title: 'Lecture 1',
      startTime: new Date('2026-01-01T08:00:00Z'),
      endTime: new Date('2026-01-01T09:00:00Z'),
      data: { replay_address: ['https://replay.example.edu/1.m3u8'] },
    });
    await createActivity(t, {
      courseId,
      moduleId,
      createdBy: teacherId,
      type: 'lecture_live',
      endTime: new Date('2026-01-01T09:00:00Z'),
      data: {},
    });
    const body = (
      await t.app.inject({
        method: 'GET',
        url: `/api/courses/${courseId}/live-record`,
        headers: student.headers,
      })
    ).json();
    expect(body).toEqual({
      live_records: [
        {
          id: replayed.id,
          activity_id: replayed.id,
          title: 'Lecture 1',
          type: 'lecture_live',
          start_time: '2026-01-01T08:00:00.000Z',
          end_time: '2026-01-01T09:00:00.000Z',
          replay_address: ['https://replay.example.edu/1.m3u8'],
        },
      ],
    });
  });
});
