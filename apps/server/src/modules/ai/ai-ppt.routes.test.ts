import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { aiPptUsage } from '../../db/schema/ai-ppt.ts';
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
let admin: Session;
let teacher: Session;
let assistant: Session;
let student: Session;
let simulating: Session;
let teacherNo: string;

const post = (session: Session) =>
  t.app.inject({ method: 'POST', url: '/api/ai-ppt/usage', headers: session.headers });
const count = (session: Session) =>
  t.app.inject({ method: 'GET', url: '/api/ai-ppt/user/usage/count', headers: session.headers });

async function storedCount(userId: number): Promise<number | undefined> {
  const [row] = await t.db.select().from(aiPptUsage).where(eq(aiPptUsage.userId, userId));
  return row?.usageCount;
}

beforeAll(async () => {
  t = await createTestApp();
  const orgId = (await createOrg(t)).id;
  const adminUser = await createUser(t, orgId, { orgRole: 'admin', name: 'Ada Admin' });
  const teacherUser = await createUser(t, orgId, { name: 'Tess Teacher', userNo: 'T-1001' });
  teacherNo = teacherUser.userNo;
  const assistantUser = await createUser(t, orgId, { name: 'Asa Assistant' });
  const studentUser = await createUser(t, orgId, { name: 'Stu Student' });
  const course = await createCourse(t, orgId, teacherUser.id, { name: 'Slides 101' });
  await addMember(t, course.id, assistantUser.id, ['instructor_assistant']);
  await addMember(t, course.id, studentUser.id, ['student']);
  admin = await loginAs(t, adminUser);
  teacher = await loginAs(t, teacherUser);
  assistant = await loginAs(t, assistantUser);
  student = await loginAs(t, studentUser);
  simulating = await loginAs(t, teacherUser, { simulatingCourseId: course.id });
});

afterAll(async () => {
  await t?.close();
});

describe('AI slide-deck usage', () => {
  it('answers a count of 0 with the caller before any use, and stores nothing', async () => {
    const res = await count(teacher);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      user_id: teacher.userId,
      user_no: teacherNo,
      user_name: 'Tess Teacher',
      usage_count: 0,
    });
    expect(await storedCount(teacher.userId)).toBeUndefined();
  });

  it('counts each use of the caller, and only theirs', async () => {
    const first = await post(teacher);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      user_id: teacher.userId,
      user_no: teacherNo,
      user_name: 'Tess Teacher',
      usage_count: 1,
    });
    expect((await post(teacher)).json().usage_count).toBe(2);
    expect((await count(teacher)).json().usage_count).toBe(2);
    expect(await storedCount(teacher.userId)).toBe(2);

    expect((await post(assistant)).json().usage_count).toBe(1);
    expect((await post(admin)).json()).toMatchObject({ user_id: admin.userId, usage_count: 1 });
    expect((await count(teacher)).json().usage_count).toBe(2);
  });

  it('loses no count when 50 uses arrive at once', async () => {
    const before = (await count(assistant)).json().usage_count as number;
    const responses = await Promise.all(Array.from({ length: 50 }, () => post(assistant)));
    expect(responses.map((res) => res.statusCode)).toEqual(Array(50).fill(200));
    // Each use saw its own count: the increments serialised rather than overwrote one another.
    const seen = responses.map((res) => res.json().usage_count as number).sort((a, b) => a - b);
    expect(seen).toEqual(Array.from({ length: 50 }, (_, i) => before + i + 1));
    expect((await count(assistant)).json().usage_count).toBe(before + 50);
    expect(await storedCount(assistant.userId)).toBe(before + 50);
  });

  it('refuses students both calls and records nothing for them', async () => {
    expect((await post(student)).statusCode).toBe(403);
    expect((await count(student)).statusCode).toBe(403);
    expect(await storedCount(student.userId)).toBeUndefined();
  });

  it('lets a simulating instructor read but not count, and refuses anonymous callers', async () => {
    const before = await storedCount(teacher.userId);
    expect((await count(simulating)).statusCode).toBe(200);
    expect((await post(simulating)).statusCode).toBe(403);
    expect(await storedCount(teacher.userId)).toBe(before);
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/ai-ppt/usage' });
    expect(anonymous.statusCode).toBe(401);
  });
});
