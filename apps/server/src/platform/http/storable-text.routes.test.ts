import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseModules } from '../../db/schema/courses.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createCourse, createOrg, createUser, loginAs, type Session } from '../../test/factories.ts';
import { eq } from 'drizzle-orm';

let t: TestApp;
let courseId: number;
let teacher: Session;

beforeAll(async () => {
  t = await createTestApp();
  const org = await createOrg(t);
  const user = await createUser(t, org.id);
  courseId = (await createCourse(t, org.id, user.id)).id;
  teacher = await loginAs(t, user);
});
afterAll(() => t.close());

describe('text PostgreSQL cannot store', () => {
  it('a NUL in a body field is a 400 naming the field, and nothing is written', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/courses/${courseId}/modules`,
      headers: teacher.headers,
      payload: { name: 'Week\u00001' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'validation_failed',
      errors: { name: [expect.stringContaining('U+0000')] },
    });
    expect(await t.db.select().from(courseModules).where(eq(courseModules.courseId, courseId))).toEqual([]);
  });

  it('a lone surrogate is refused the same way, in the caller language', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/courses/${courseId}/modules`,
      headers: { ...teacher.headers, 'accept-language': 'zh-CN', 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'x\ud800' }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.name[0]).toContain('无法保存的字符');
  });

  it('a NUL in a query parameter is a 400, not a 500', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/courses/${courseId}/activities?type=%00`,
      headers: teacher.headers,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty('type');
  });

  it('a NUL in the login name is a 400 too', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { login: 'a\u0000', password: 'x' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty('login');
  });

  it('ordinary CJK text and emoji still go through', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/courses/${courseId}/modules`,
      headers: teacher.headers,
      payload: { name: '第一周 😀' },
    });
    expect(res.statusCode).toBe(201);
  });
});
