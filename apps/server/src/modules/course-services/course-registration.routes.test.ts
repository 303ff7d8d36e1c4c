import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { courseMembers } from '../../db/schema/courses.ts';
import { createCourse, createOrg, createUser, loginAs, type Session } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let orgId: number;
let teacher: Session;
let people: Session[];
let foreigner: Session;

beforeAll(async () => {
  t = await createTestApp();
  orgId = (await createOrg(t)).id;
  const otherOrg = (await createOrg(t)).id;
  teacher = await loginAs(t, await createUser(t, orgId));
  people = [];
  for (let i = 0; i < 6; i += 1) people.push(await loginAs(t, await createUser(t, orgId)));
  foreigner = await loginAs(t, await createUser(t, otherOrg));
});
afterAll(async () => t.close());

const call = (session: Session, method: 'GET' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: session.headers, ...(payload === undefined ? {} : { payload }) });

async function course(publicScope: string, settings?: Record<string, unknown>): Promise<number> {
  const id = (await createCourse(t, orgId, teacher.userId, { publicScope })).id;
  if (settings) {
    const res = await call(teacher, 'PUT', `/api/course/${id}/registration-settings`, settings);
    expect(res.statusCode).toBe(200);
  }
  return id;
}

const state = async (session: Session, id: number) =>
  (await call(session, 'GET', `/api/course/${id}/registration-state`)).json();

describe('joining a course', () => {
  it('lets a user join an open course as a student, once', async () => {
    const id = await course('org', { enabled: true });
    expect(await state(people[0]!, id)).toMatchObject({
      registration_state: 'open',
      can_join: true,
      student_count: 0,
    });
    const join = await call(people[0]!, 'GET', `/api/course/${id}/join`);
    expect(join.statusCode).toBe(200);
    expect(join.json()).toMatchObject({ registration_state: 'member', can_join: false, student_count: 1 });
    const [member] = await t.db
      .select()
      .from(courseMembers)
      .where(and(eq(courseMembers.courseId, id), eq(courseMembers.userId, people[0]!.userId)));
    expect(member?.roles).toEqual(['student']);
    const again = await call(people[0]!, 'GET', `/api/course/${id}/join`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You are already a member of this course.');
    expect((await state(teacher, id)).registration_state).toBe('member');
  });

  it('refuses private courses and courses without self-enrolment', async () => {
    for (const id of [await course('private', { enabled: true }), await course('org')]) {
      expect((await state(people[1]!, id)).registration_state).toBe('not_open');
      const res = await call(people[1]!, 'GET', `/api/course/${id}/join`);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('This course is not open for joining.');
    }
  });

  it('keeps to the window', async () => {
    const future = await course('org', { enabled: true, start_time: '2999-01-01T00:00:00Z' });
    expect((await call(people[1]!, 'GET', `/api/course/${future}/join`)).json().message).toBe(
      'Joining has not opened yet.',
    );
    const past = await course('org', { enabled: true, end_time: '2000-01-01T00:00:00Z' });
    expect((await state(people[1]!, past)).registration_state).toBe('ended');
    expect((await call(people[1]!, 'GET', `/api/course/${past}/join`)).statusCode).toBe(409);
  });

  it('gives the last place to one person when several join at once', async () => {
    const id = await course('public', { enabled: true, capacity: 2 });
    const results = await Promise.all(
      people.slice(1, 6).map((p) => call(p, 'GET', `/api/course/${id}/join`)),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 200, 409, 409, 409]);
    expect((await state(people[5]!, id)).student_count).toBe(2);
    const full = results.find((r) => r.statusCode === 409);
    expect(full?.json().message).toBe('This course is full.');
  });

  it('hides courses of other organisations and refuses cross-site joins', async () => {
    const id = await course('public', { enabled: true });
    expect((await call(foreigner, 'GET', `/api/course/${id}/registration-state`)).statusCode).toBe(404);
    expect((await call(foreigner, 'GET', `/api/course/${id}/join`)).statusCode).toBe(404);
    const crossSite = await t.app.inject({
      method: 'GET',
      url: `/api/course/${id}/join`,
      headers: { ...people[1]!.headers, 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/course/${id}/registration-state` })).statusCode,
    ).toBe(401);
  });

  it('lets only the teaching team set the rules, and checks them', async () => {
    const id = await course('org');
    expect(
      (await call(people[1]!, 'PUT', `/api/course/${id}/registration-settings`, { enabled: true }))
        .statusCode,
    ).toBe(403);
    const bad = await call(teacher, 'PUT', `/api/course/${id}/registration-settings`, {
      enabled: true,
      start_time: '2030-01-02T00:00:00Z',
      end_time: '2030-01-01T00:00:00Z',
      capacity: 0,
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['capacity', 'end_time']);
  });
});
