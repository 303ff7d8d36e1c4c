import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { activitySubCourses, courseSubCourses } from '../../db/schema/course-combining.ts';
import { courseMembers, courses } from '../../db/schema/courses.ts';
import {
  addMember,
  createAcademicYear,
  createActivity,
  createCourse,
  createModule,
  createOrg,
  createSemester,
  createUser,
  loginAs,
  type Session,
} from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

// Reads of a combined course that other slices serve: the cached activity list and course read (stamped by
// migration 0025's triggers whoever writes the sub-course tables) and "my courses".

let t: TestApp;
let orgId: number;
let ownerId: number;
let teacher: Session;
let studentA: Session;
let studentB: Session;
let studentBId: number;
let courseA: number;
let courseB: number;
let courseC: number;
let parent: number;
let semesterId: number;
let activityId: number;

beforeAll(async () => {
  t = await createTestApp();
  orgId = (await createOrg(t)).id;
  const owner = await createUser(t, orgId);
  ownerId = owner.id;
  const a = await createUser(t, orgId);
  const b = await createUser(t, orgId);
  studentBId = b.id;
  const year = await createAcademicYear(t, orgId);
  semesterId = (await createSemester(t, orgId, year.id)).id;
  courseA = (await createCourse(t, orgId, owner.id, { name: 'Optics A' })).id;
  courseB = (await createCourse(t, orgId, owner.id, { name: 'Optics B' })).id;
  courseC = (await createCourse(t, orgId, owner.id, { name: 'Optics C' })).id;
  await addMember(t, courseA, a.id, ['student']);
  await addMember(t, courseB, b.id, ['student']);
  teacher = await loginAs(t, owner);
  studentA = await loginAs(t, a);
  studentB = await loginAs(t, b);
  const response = await call(teacher, 'POST', '/api/combine-courses', {
    title: 'Optics (combined)',
    subCourseIds: [courseA, courseB],
  });
  expect(response.statusCode, response.body).toBe(200);
  parent = response.json<{ courseId: number }>().courseId;
  await t.db.update(courses).set({ semesterId }).where(eq(courses.id, parent));
  const moduleId = (await createModule(t, parent, { name: 'Lenses' })).id;
  activityId = (
    await createActivity(t, { courseId: parent, moduleId, createdBy: ownerId, title: 'Lens lab' })
  ).id;
});
afterAll(async () => t.close());

function call(session: Session, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: session.headers,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

async function activityIds(session: Session): Promise<number[]> {
  const response = await call(session, 'GET', `/api/courses/${parent}/activities`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ activities: { id: number }[] }>().activities.map((a) => a.id);
}

async function studentsCount(): Promise<number> {
  const response = await call(teacher, 'GET', `/api/courses/${parent}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ students_count: number }>().students_count;
}

describe('the course caches of a combined course', () => {
  it('see an activity assigned to a sub-course by any writer, not only the combining service', async () => {
    // Read first, so the list is cached; then write the table alone, as a script or another slice might.
    expect(await activityIds(studentA)).toContain(activityId);
    expect(await activityIds(studentB)).toContain(activityId);
    await t.db.insert(activitySubCourses).values({ activityId, subCourseId: courseB });
    expect(await activityIds(studentA)).not.toContain(activityId);
    expect(await activityIds(studentB)).toContain(activityId);

    await t.db.delete(activitySubCourses).where(eq(activitySubCourses.activityId, activityId));
    expect(await activityIds(studentA)).toContain(activityId);
  });

  it("count the students of every sub-course in the combined course's read, each once", async () => {
    expect(await studentsCount()).toBe(2);
    // A student of two sub-courses is one student.
    await addMember(t, courseA, studentBId, ['student']);
    expect(await studentsCount()).toBe(2);
    const c = await createUser(t, orgId);
    await addMember(t, courseC, c.id, ['student']);
    expect(await studentsCount()).toBe(2);

    // Linking and unlinking a sub-course, written directly, is seen on the next read.
    await t.db.insert(courseSubCourses).values({ parentCourseId: parent, subCourseId: courseC, sort: 3 });
    expect(await studentsCount()).toBe(3);
    const d = await createUser(t, orgId);
    await addMember(t, courseC, d.id, ['student']);
    expect(await studentsCount()).toBe(4);
    await t.db
      .update(courseMembers)
      .set({ roles: ['instructor_assistant'] })
      .where(and(eq(courseMembers.courseId, courseC), eq(courseMembers.userId, d.id)));
    expect(await studentsCount()).toBe(3);
    await t.db.delete(courseSubCourses).where(eq(courseSubCourses.subCourseId, courseC));
    expect(await studentsCount()).toBe(2);
  });
});

type Summary = { id: number; current_user_roles: string[]; students_count: number };

async function myCourses(session: Session, conditions: Record<string, unknown> = {}): Promise<Summary[]> {
  const query = encodeURIComponent(JSON.stringify(conditions));
  const response = await call(session, 'GET', `/api/my-courses?page_size=100&conditions=${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ courses: Summary[] }>().courses;
}

describe('my courses of a student of a sub-course', () => {
  it('lists the combined course, as a student, once, with every sub-course student counted', async () => {
    const mine = await myCourses(studentB);
    // Student B is in A and B (previous test): the combined course shows once.
    expect(mine.filter((c) => c.id === parent)).toEqual([
      expect.objectContaining({ current_user_roles: ['student'], students_count: 2 }),
    ]);
    const posted = await call(studentA, 'POST', '/api/my-courses', { conditions: {} });
    expect(posted.json<{ total: number; courses: Summary[] }>()).toMatchObject({ total: 2 });
    expect(
      posted
        .json<{ courses: Summary[] }>()
        .courses.map((c) => c.id)
        .sort(),
    ).toEqual([courseA, parent].sort());
  });

  it('keeps it under the role, keyword, semester and status filters that match it', async () => {
    const ids = async (conditions: Record<string, unknown>) =>
      (await myCourses(studentA, conditions)).map((c) => c.id);
    expect(await ids({ role: ['student'] })).toContain(parent);
    expect(await ids({ role: ['instructor'] })).toEqual([]);
    expect(await ids({ keyword: 'combined' })).toEqual([parent]);
    expect(await ids({ semester_id: semesterId })).toEqual([parent]);
    expect(await ids({ status: 'ongoing' })).toContain(parent);
    const semesters = await call(studentA, 'GET', '/api/my-semesters');
    expect(semesters.json<{ semesters: { id: number }[] }>().semesters.map((s) => s.id)).toEqual([
      semesterId,
    ]);
  });

  it('shows it among recently visited courses once opened', async () => {
    expect((await call(studentA, 'GET', `/api/courses/${parent}`)).statusCode).toBe(200);
    const visited = await call(studentA, 'GET', '/api/user/recently-visited-courses');
    expect(visited.json<{ visited_courses: Summary[] }>().visited_courses).toEqual([
      expect.objectContaining({ id: parent, current_user_roles: ['student'] }),
    ]);
  });

  it('lists it for its instructor with their own roles, not as a student', async () => {
    await addMember(t, courseA, ownerId, ['instructor', 'student']);
    const mine = (await myCourses(teacher)).filter((c) => c.id === parent);
    expect(mine).toEqual([expect.objectContaining({ current_user_roles: ['instructor'] })]);
    await addMember(t, courseA, ownerId, ['instructor']);
  });

  it('drops it for a student whose only sub-course went to the recycle bin, and stops counting them', async () => {
    const removed = await call(teacher, 'DELETE', `/api/courses/${courseA}`);
    expect(removed.statusCode, removed.body).toBeLessThan(300);
    expect((await myCourses(studentA)).map((c) => c.id)).toEqual([]);
    // Student B is also in course B: only A's own student is gone from the count.
    expect(await studentsCount()).toBe(1);
    expect((await myCourses(studentB)).map((c) => c.id)).toEqual([courseB, parent].sort((x, y) => y - x));
  });
});
