import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema/identity.ts';
import {
  addMember,
  createCourse,
  createOrg,
  createUser,
  loginAs,
  type Session,
} from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let orgId: number;
let ownerId: number;
let assistantId: number;
let studentId: number;
let outsiderId: number;
let course: number;
let other: number;

beforeAll(async () => {
  t = await createTestApp();
  orgId = (await createOrg(t)).id;
  ownerId = (await createUser(t, orgId)).id;
  assistantId = (await createUser(t, orgId)).id;
  studentId = (await createUser(t, orgId)).id;
  outsiderId = (await createUser(t, orgId)).id;
  course = (await createCourse(t, orgId, ownerId)).id;
  other = (await createCourse(t, orgId, ownerId)).id;
  await addMember(t, course, assistantId, ['instructor_assistant']);
  await addMember(t, course, studentId, ['student']);
});
afterAll(async () => t.close());

const endPreview = (courseId: number, session: Session | null) =>
  t.app.inject({
    method: 'DELETE',
    url: `/api/courses/${courseId}/preview`,
    ...(session ? { headers: session.headers } : {}),
  });

const storedPreview = async (userId: number) =>
  (
    await t.db.select({ id: sessions.simulatingCourseId }).from(sessions).where(eq(sessions.userId, userId))
  )[0]?.id;

describe('DELETE /api/courses/{id}/preview', () => {
  it("ends the instructor's student preview of the course, writes then work again", async () => {
    const session = await loginAs(t, { id: ownerId }, { simulatingCourseId: course });
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/courses/${course}/modules`,
      headers: session.headers,
      payload: { name: 'While previewing' },
    });
    expect(refused.json()).toMatchObject({ code: 'simulating_read_only' });

    const res = await endPreview(course, session);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ simulating_course_id: null });
    expect(await storedPreview(ownerId)).toBeNull();
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/courses/${course}?fields=simulating,can_manage`,
      headers: session.headers,
    });
    expect(read.json()).toMatchObject({ simulating: false, can_manage: true });
    // Ending it again changes nothing.
    expect((await endPreview(course, session)).json()).toEqual({ simulating_course_id: null });
    await t.db.delete(sessions).where(eq(sessions.userId, ownerId));
  });

  it('leaves the preview of another course alone', async () => {
    const session = await loginAs(t, { id: assistantId }, { simulatingCourseId: course });
    await addMember(t, other, assistantId, ['instructor_assistant']);
    const res = await endPreview(other, session);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ simulating_course_id: course });
    expect(await storedPreview(assistantId)).toBe(course);
  });

  it('is for the teaching team of the course only', async () => {
    const student = await endPreview(course, await loginAs(t, { id: studentId }));
    expect(student.statusCode).toBe(403);
    expect((await endPreview(course, await loginAs(t, { id: outsiderId }))).statusCode).toBe(403);
    expect((await endPreview(999_999, await loginAs(t, { id: ownerId }))).statusCode).toBe(404);
    expect((await endPreview(course, null)).statusCode).toBe(401);
  });
});
