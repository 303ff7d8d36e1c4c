import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMBINED_COURSE_TYPE } from '@lectern/contracts/course-combining/course-combining.rules';
import { courses } from '../db/schema/courses.ts';
import { users } from '../db/schema/identity.ts';
import { loginAs, type Session } from '../test/factories.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { seedDemoIfEmpty } from './demo-seed.ts';

let t: TestApp;
let parentId: number;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoIfEmpty(t.db, t.app.log);
  const [parent] = await t.db.select().from(courses).where(eq(courses.courseCode, 'LA201'));
  parentId = parent!.id;
});
afterAll(async () => t?.close());

async function as(userNo: string): Promise<Session> {
  const [user] = await t.db.select().from(users).where(eq(users.userNo, userNo));
  return loginAs(t, user!);
}

async function get(session: Session, url: string) {
  const response = await t.app.inject({ method: 'GET', url, headers: session.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Record<string, unknown>>();
}

describe('demo combined course', () => {
  it('combines two classes into a course of type 10 whose students are both classes', async () => {
    const owner = await as('t1002');
    const course = await get(owner, `/api/courses/${parentId}`);
    expect(course).toMatchObject({ course_type: COMBINED_COURSE_TYPE, students_count: 10 });
    const subs = await get(owner, `/api/combine-courses/${parentId}/sub-courses?fields=id,course_code`);
    expect((subs.subCourses as { course_code: string }[]).map((s) => s.course_code)).toEqual([
      'LA201-1',
      'LA201-2',
    ]);
  });

  it("shows class 2's homework to class 2 only, and the reading to both, in their courses", async () => {
    const titles = async (userNo: string) =>
      (
        (await get(await as(userNo), `/api/courses/${parentId}/activities`)).activities as { title: string }[]
      ).map((a) => a.title);
    expect(await titles('s20240031')).toEqual(['行列式的定义与性质（两个班共用）']);
    expect(await titles('s20240036')).toEqual([
      '行列式的定义与性质（两个班共用）',
      '作业：行列式计算（2 班）',
    ]);
    const mine = await get(await as('s20240031'), '/api/my-courses?page_size=100');
    expect((mine.courses as { id: number }[]).map((c) => c.id)).toContain(parentId);
  });
});
