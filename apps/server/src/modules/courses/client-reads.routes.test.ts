import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { courseVisits } from '../../db/schema/courses.ts';
import {
  addMember,
  createAcademicYear,
  createCourse,
  createOrg,
  createSemester,
  createUser,
  loginAs,
  type Session,
} from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/** The course reads the original clients make with GET: user courses, current semester, recent visits. */
let t: TestApp;
let orgId: number;
let teacher: { id: number };
let student: { id: number };
let other: { id: number };
let admin: { id: number };
let as: Record<'teacher' | 'student' | 'other' | 'admin', Session>;
let current: { id: number };
let past: { id: number };
let courseA: { id: number };
let courseB: { id: number };

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestApp();
  orgId = (await createOrg(t)).id;
  teacher = await createUser(t, orgId, { name: 'Teacher T' });
  student = await createUser(t, orgId);
  other = await createUser(t, orgId);
  admin = await createUser(t, orgId, { orgRole: 'admin' });
  as = {
    teacher: await loginAs(t, teacher),
    student: await loginAs(t, student),
    other: await loginAs(t, other),
    admin: await loginAs(t, admin),
  };
  const year = await createAcademicYear(t, orgId);
  past = await createSemester(t, orgId, year.id, { startDate: day(-400), endDate: day(-200), sort: 1 });
  current = await createSemester(t, orgId, year.id, { startDate: day(-30), endDate: day(60), sort: 2 });
  courseA = await createCourse(t, orgId, teacher.id, {
    name: 'Algebra',
    courseCode: 'M1',
    semesterId: current.id,
    academicYearId: year.id,
  });
  courseB = await createCourse(t, orgId, teacher.id, { name: 'Botany', semesterId: past.id });
  await addMember(t, courseA.id, student.id, ['student']);
  await addMember(t, courseB.id, student.id, ['student']);
});
afterAll(async () => t?.close());

const get = (session: Session, url: string) => t.app.inject({ method: 'GET', url, headers: session.headers });

describe('GET /api/my-courses and /api/users/{id}/courses', () => {
  it('lists the caller’s courses with instructors and semester, filtered by conditions sent as JSON', async () => {
    const conditions = encodeURIComponent(JSON.stringify({ semester_id: current.id }));
    const response = await get(as.student, `/api/my-courses?page=1&page_size=10&conditions=${conditions}`);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ total: 1, pages: 1, page: 1 });
    expect(body.courses).toEqual([
      expect.objectContaining({
        id: courseA.id,
        name: 'Algebra',
        course_code: 'M1',
        instructors: [expect.objectContaining({ id: teacher.id, name: 'Teacher T' })],
        semester: expect.objectContaining({ id: current.id }),
      }),
    ]);
  });

  it('takes semester and year filters as lists of id strings, as a mobile client posts them', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/my-courses',
      headers: as.student.headers,
      payload: {
        page: 1,
        page_size: 10,
        conditions: { semester_id: [String(current.id)], academic_year_id: [], keyword: '' },
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().courses.map((c: { id: number }) => c.id)).toEqual([courseA.id]);
  });

  it('shows a user’s courses to themself and to an org admin only', async () => {
    const mine = await get(as.student, `/api/users/${student.id}/courses?fields=id,name&page_size=1`);
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({ total: 2, pages: 2 });
    expect(Object.keys(mine.json().courses[0]).sort()).toEqual(['id', 'name']);

    const byAdmin = (await get(as.admin, `/api/users/${student.id}/courses`)).json();
    expect(byAdmin.courses.map((c: { id: number }) => c.id).sort()).toEqual([courseA.id, courseB.id].sort());
    expect(byAdmin.courses[0].current_user_roles).toEqual(['student']);

    expect((await get(as.other, `/api/users/${student.id}/courses`)).statusCode).toBe(403);
    expect((await get(as.admin, '/api/users/999999/courses')).statusCode).toBe(404);
  });

  it('refuses conditions that are not a JSON object with a field error', async () => {
    const response = await get(as.student, '/api/my-courses?conditions=nope');
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toHaveProperty('conditions');
  });
});

describe('GET /api/current-semester-info', () => {
  it('answers the semester running today, for anyone signed in', async () => {
    const response = await get(as.other, '/api/current-semester-info');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      semester: { id: current.id, start_date: day(-30) },
      academic_year: { id: expect.any(Number) },
    });
  });

  it('answers an object with nulls in an organisation without semesters, and 401 without a session', async () => {
    const lonely = await createUser(t, (await createOrg(t)).id);
    const response = await get(await loginAs(t, lonely), '/api/current-semester-info');
    expect(response.json()).toEqual({ semester: null, academic_year: null });
    expect((await t.app.inject({ method: 'GET', url: '/api/current-semester-info' })).statusCode).toBe(401);
  });
});

describe('GET /api/user/recently-visited-courses', () => {
  it('lists the courses the caller opened, the last first', async () => {
    const visitor = await createUser(t, orgId);
    const session = await loginAs(t, visitor);
    await addMember(t, courseA.id, visitor.id, ['student']);
    await addMember(t, courseB.id, visitor.id, ['student']);
    expect((await get(session, '/api/user/recently-visited-courses')).json()).toEqual({
      visited_courses: [],
    });

    await get(session, `/api/courses/${courseA.id}`);
    await get(session, `/api/courses/${courseB.id}`);
    await get(session, `/api/courses/${courseA.id}`);
    const body = (await get(session, '/api/user/recently-visited-courses')).json();
    expect(body.visited_courses.map((c: { id: number }) => c.id)).toEqual([courseA.id, courseB.id]);
    expect(body.visited_courses[0]).toMatchObject({ name: 'Algebra', visited_at: expect.any(String) });
  });

  it('does not write the visit again while the course is the latest one and was opened within the minute', async () => {
    const visitor = await createUser(t, orgId);
    const session = await loginAs(t, visitor);
    await addMember(t, courseA.id, visitor.id, ['student']);
    await addMember(t, courseB.id, visitor.id, ['student']);
    const visitedAt = async (courseId: number) => {
      const [row] = await t.db
        .select({ at: courseVisits.visitedAt })
        .from(courseVisits)
        .where(and(eq(courseVisits.userId, visitor.id), eq(courseVisits.courseId, courseId)));
      return row?.at.getTime();
    };
    const setVisitedAt = (courseId: number, at: Date) =>
      t.db
        .update(courseVisits)
        .set({ visitedAt: at })
        .where(and(eq(courseVisits.userId, visitor.id), eq(courseVisits.courseId, courseId)));

    await get(session, `/api/courses/${courseA.id}`);
    const first = await visitedAt(courseA.id);
    expect(first).toEqual(expect.any(Number));
    await get(session, `/api/courses/${courseA.id}`);
    expect(await visitedAt(courseA.id)).toBe(first);

    // Older than a minute: written again.
    await setVisitedAt(courseA.id, new Date(Date.now() - 61_000));
    await get(session, `/api/courses/${courseA.id}`);
    expect(await visitedAt(courseA.id)).toBeGreaterThan(Date.now() - 10_000);

    // Not the latest visit any more: written again at once, and first in the list.
    await get(session, `/api/courses/${courseB.id}`);
    const bAt = (await visitedAt(courseB.id))!;
    await setVisitedAt(courseA.id, new Date(bAt - 1));
    await get(session, `/api/courses/${courseA.id}`);
    expect(await visitedAt(courseA.id)).toBeGreaterThanOrEqual(bAt);
    const body = (await get(session, '/api/user/recently-visited-courses')).json();
    expect(body.visited_courses.map((c: { id: number }) => c.id)).toEqual([courseA.id, courseB.id]);
  });
});

describe('GET /api/courses/{id}: the visit', () => {
  // The visit is written in the same statement that reads the caller's access, so that statement must
  // itself hold back the callers the access check then refuses.
  it('is recorded for those who may open the course and for no one it refuses', async () => {
    const visits = async (userId: number) =>
      t.db
        .select({ courseId: courseVisits.courseId })
        .from(courseVisits)
        .where(and(eq(courseVisits.userId, userId), eq(courseVisits.courseId, courseA.id)));
    const outsider = await createUser(t, (await createOrg(t)).id);
    const stranger = await createUser(t, orgId);
    for (const [who, status] of [
      [outsider, 404],
      [stranger, 403],
    ] as const) {
      expect((await get(await loginAs(t, who), `/api/courses/${courseA.id}`)).statusCode).toBe(status);
      expect(await visits(who.id)).toEqual([]);
    }
    const anotherAdmin = await createUser(t, orgId, { orgRole: 'admin' });
    expect((await get(await loginAs(t, anotherAdmin), `/api/courses/${courseA.id}`)).statusCode).toBe(200);
    expect(await visits(anotherAdmin.id)).toEqual([{ courseId: courseA.id }]);
  });
});

describe('GET /api/courses/{id}/enrollments/users/{u}', () => {
  it('answers a member’s enrolment, with contacts for the teaching team, and 404 for a non-member', async () => {
    const response = await get(as.teacher, `/api/courses/${courseA.id}/enrollments/users/${student.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      course_id: courseA.id,
      user_id: student.id,
      roles: ['student'],
      user: { id: student.id, email: expect.any(String) },
    });
    expect(
      (await get(as.teacher, `/api/courses/${courseA.id}/enrollments/users/${other.id}`)).statusCode,
    ).toBe(404);
    expect(
      (await get(as.other, `/api/courses/${courseA.id}/enrollments/users/${student.id}`)).statusCode,
    ).toBe(403);
  });
});
