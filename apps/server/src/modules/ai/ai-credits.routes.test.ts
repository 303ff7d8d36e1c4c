import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CourseCredit, OrgCredit, UserCredit } from '@lectern/contracts/ai/ai.schemas';
import type { Actor } from '../../platform/http/request-context.ts';
import {
  addMember,
  createCourse,
  createDepartment,
  createOrg,
  createUser,
  loginAs,
  type Session,
} from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createAiProvider } from './ai-provider.ts';
import { aiService } from './ai.service.ts';
import { startFakeChatCompletions, type FakeChatCompletions } from './chat-completions.fake.ts';

let fake: FakeChatCompletions;
let t: TestApp;
let orgId: number;
let admin: Session;
let teacher: Session;
let assistant: Session;
let student: Session;
let courseId: number;
let ai: ReturnType<typeof aiService>;

type Page<T> = {
  items: T[];
  page: number;
  pageSize: number;
  pages: number;
  total: number;
  start: number;
  end: number;
};

const actorFor = (userId: number): Actor => ({
  userId,
  orgId,
  orgRole: 'member',
  sessionId: null,
  simulatingCourseId: null,
  locale: 'en-US',
});

function call(session: Session, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) {
  const headers = session.headers;
  return payload === undefined
    ? t.app.inject({ method, url, headers })
    : t.app.inject({ method, url, headers, payload });
}

async function orgCredit(session: Session = admin): Promise<OrgCredit> {
  const res = await call(session, 'GET', '/api/ai/org-credit');
  expect(res.statusCode).toBe(200);
  return res.json();
}

async function setOrgCredit(creditAssigned: number) {
  return call(admin, 'PUT', '/api/ai/org-credit', { creditAssigned });
}

beforeAll(async () => {
  fake = await startFakeChatCompletions();
  t = await createTestApp({
    AI_BASE_URL: fake.url,
    AI_API_KEY: 'sk-test',
    AI_MODEL: 'general-model',
    AI_MAX_TEXT_LENGTH: '20000',
    AI_CREDITS_PER_1K_TOKENS: '1',
  });
  orgId = (await createOrg(t)).id;
  const department = await createDepartment(t, orgId, { name: 'Physics' });
  const adminUser = await createUser(t, orgId, { orgRole: 'admin', name: 'Ada Admin' });
  const teacherUser = await createUser(t, orgId, { name: 'Tess Teacher', departmentId: department.id });
  const assistantUser = await createUser(t, orgId, { name: 'Asa Assistant' });
  const studentUser = await createUser(t, orgId, { name: 'Stu Student' });
  const course = await createCourse(t, orgId, teacherUser.id, {
    name: 'Quantum Mechanics',
    courseCode: 'PHY-301',
    klass: 'Class A',
  });
  courseId = course.id;
  await addMember(t, course.id, assistantUser.id, ['instructor_assistant']);
  await addMember(t, course.id, studentUser.id, ['student']);
  admin = await loginAs(t, adminUser);
  teacher = await loginAs(t, teacherUser);
  assistant = await loginAs(t, assistantUser);
  student = await loginAs(t, studentUser);
  ai = aiService(
    { config: t.config, db: t.db, storage: t.storage, log: t.app.log },
    createAiProvider(t.config.ai, t.app.log),
  );
});

afterAll(async () => {
  await t?.close();
  await fake?.close();
});

describe('organisation credit and allocations', () => {
  it('refuses every administrator route to instructors and students', async () => {
    const adminRoutes = [
      ['GET', '/api/ai/org-credit'],
      ['PUT', '/api/ai/org-credit', { creditAssigned: 10 }],
      ['GET', '/api/ai/user-credits'],
      ['GET', '/api/ai/course-credits'],
      ['PUT', `/api/ai/courses/${courseId}/credit`, { assigned: 1 }],
      ['GET', '/api/ai/config'],
      ['PUT', '/api/ai/config', { max_text_length: 1000 }],
      ['GET', '/api/ai/usage/features'],
      ['GET', '/api/ai/usage/users'],
    ] as const;
    for (const session of [teacher, student]) {
      for (const [method, url, payload] of adminRoutes) {
        const res = await call(session, method, url, payload);
        expect(res.statusCode, `${method} ${url}`).toBe(403);
      }
    }
  });

  it('allocates to users and courses only what the organisation has left', async () => {
    expect((await setOrgCredit(1000)).statusCode).toBe(200);
    const toTeacher = await call(admin, 'PUT', `/api/ai/users/${teacher.userId}/credit`, { assigned: 600 });
    expect(toTeacher.statusCode).toBe(200);
    const toCourse = await call(admin, 'PUT', `/api/ai/courses/${courseId}/credit`, {
      assigned: 300,
      aiActivation: true,
    });
    expect(toCourse.statusCode).toBe(200);
    expect(toCourse.json<CourseCredit>()).toMatchObject({
      id: courseId,
      name: 'Quantum Mechanics',
      courseCode: 'PHY-301',
      klass: 'Class A',
      aiActivation: true,
      creditAssigned: 300,
      creditRemaining: 300,
      status: 'active',
      instructors: [{ id: teacher.userId, name: 'Tess Teacher' }],
    });
    expect(await orgCredit()).toMatchObject({
      creditAssigned: 1000,
      userCreditAssigned: 600,
      courseCreditAssigned: 300,
      creditRemaining: 100,
    });

    // 101 more than the 100 left: refused with the field named, and nothing changes.
    const tooMuch = await call(admin, 'PUT', `/api/ai/users/${assistant.userId}/credit`, { assigned: 101 });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json<{ errors: Record<string, string[]> }>().errors).toHaveProperty('assigned');
    const courseTooMuch = await call(admin, 'PUT', `/api/ai/courses/${courseId}/credit`, { assigned: 401 });
    expect(courseTooMuch.statusCode).toBe(409);
    expect((await orgCredit()).creditRemaining).toBe(100);

    // Lowering an allocation returns credit to the organisation; the organisation cannot drop below it.
    expect(
      (await call(admin, 'PUT', `/api/ai/users/${teacher.userId}/credit`, { assigned: 500 })).statusCode,
    ).toBe(200);
    expect((await orgCredit()).creditRemaining).toBe(200);
    const below = await setOrgCredit(799);
    expect(below.statusCode).toBe(409);
    expect(below.json<{ errors: Record<string, string[]> }>().errors).toHaveProperty('creditAssigned');
  });

  it('never lets concurrent allocations pass the organisation credit', async () => {
    const org2 = (await createOrg(t)).id;
    const admin2 = await loginAs(t, await createUser(t, org2, { orgRole: 'admin' }));
    const people = await Promise.all(Array.from({ length: 30 }, () => createUser(t, org2)));
    const funded = await t.app.inject({
      method: 'PUT',
      url: '/api/ai/org-credit',
      headers: admin2.headers,
      payload: { creditAssigned: 100 },
    });
    expect(funded.statusCode).toBe(200);
    // 30 allocations of 10 against 100: exactly 10 can succeed, whatever the interleaving.
    const results = await Promise.all(
      people.map((p) =>
        t.app.inject({
          method: 'PUT',
          url: `/api/ai/users/${p.id}/credit`,
          headers: admin2.headers,
          payload: { assigned: 10 },
        }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(10);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(20);
    const totals = await t.app.inject({ method: 'GET', url: '/api/ai/org-credit', headers: admin2.headers });
    expect(totals.json()).toMatchObject({ userCreditAssigned: 100, creditRemaining: 0 });
  });

  it('refuses an approval for more than the organisation has left', async () => {
    const org3 = (await createOrg(t)).id;
    const admin3 = await loginAs(t, await createUser(t, org3, { orgRole: 'admin' }));
    const teacher3User = await createUser(t, org3);
    await createCourse(t, org3, teacher3User.id);
    const teacher3 = await loginAs(t, teacher3User);
    await t.app.inject({
      method: 'PUT',
      url: '/api/ai/org-credit',
      headers: admin3.headers,
      payload: { creditAssigned: 30 },
    });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/ai/credit-requests',
      headers: teacher3.headers,
      payload: { applied_credits: 50, reason: 'marking' },
    });
    const id = created.json<{ id: number }>().id;
    const tooMuch = await t.app.inject({
      method: 'PUT',
      url: `/api/ai/credit-requests/${id}/approve`,
      headers: admin3.headers,
      payload: { approved_credits: 50 },
    });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json<{ errors: Record<string, string[]> }>().errors).toHaveProperty('approved_credits');
    const ok = await t.app.inject({
      method: 'PUT',
      url: `/api/ai/credit-requests/${id}/approve`,
      headers: admin3.headers,
      payload: { approved_credits: 30 },
    });
    expect(ok.statusCode).toBe(200);
    const mine = await t.app.inject({ method: 'GET', url: '/api/ai/credits/me', headers: teacher3.headers });
    expect(mine.json<UserCredit>()).toMatchObject({ creditAssigned: 30, creditRemaining: 30 });
  });

  it('grants a course request to that course, switches its AI on, and refuses courses not taught', async () => {
    const org4 = (await createOrg(t)).id;
    const admin4 = await loginAs(t, await createUser(t, org4, { orgRole: 'admin' }));
    const teacher4User = await createUser(t, org4);
    const otherTeacher = await createUser(t, org4);
    const studentUser = await createUser(t, org4);
    const taught = await createCourse(t, org4, teacher4User.id, { name: 'Optics' });
    const notTaught = await createCourse(t, org4, otherTeacher.id, { name: 'Acoustics' });
    await addMember(t, notTaught.id, teacher4User.id, ['student']);
    await addMember(t, taught.id, studentUser.id, ['student']);
    const teacher4 = await loginAs(t, teacher4User);
    const student4 = await loginAs(t, studentUser);
    await call(admin4, 'PUT', '/api/ai/org-credit', { creditAssigned: 100 });

    const missing = await call(teacher4, 'POST', '/api/ai/credit-requests', {
      applied_credits: 10,
      target_type: 'course',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ errors: Record<string, string[]> }>().errors).toHaveProperty('course_id');
    const stray = await call(teacher4, 'POST', '/api/ai/credit-requests', {
      applied_credits: 10,
      course_id: taught.id,
    });
    expect(stray.statusCode).toBe(400);
    // A course the requester only studies in, and one they are not in at all, are refused alike.
    for (const course of [notTaught.id, 999_999]) {
      const refused = await call(teacher4, 'POST', '/api/ai/credit-requests', {
        applied_credits: 10,
        target_type: 'course',
        course_id: course,
      });
      expect(refused.statusCode).toBe(403);
    }
    const byStudent = await call(student4, 'POST', '/api/ai/credit-requests', {
      applied_credits: 10,
      target_type: 'course',
      course_id: taught.id,
    });
    expect(byStudent.statusCode).toBe(403);

    const created = await call(teacher4, 'POST', '/api/ai/credit-requests', {
      applied_credits: 40,
      reason: 'lab reports',
      target_type: 'course',
      course_id: taught.id,
    });
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({
      target_type: 'course',
      course: { id: taught.id, name: 'Optics' },
      status: 'pending',
    });
    const id = created.json<{ id: number }>().id;
    const listed = (await call(admin4, 'GET', '/api/ai/credit-requests')).json<Page<{ course: unknown }>>();
    expect(listed.items[0]?.course).toEqual({ id: taught.id, name: 'Optics' });

    const approved = await call(admin4, 'PUT', `/api/ai/credit-requests/${id}/approve`, {
      approved_credits: 25,
    });
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({
      status: 'approved',
      approved_credits: 25,
      course: { id: taught.id },
    });
    const course = await call(teacher4, 'GET', `/api/ai/courses/${taught.id}/credit`);
    expect(course.json<CourseCredit>()).toMatchObject({
      aiActivation: true,
      creditRemaining: 25,
      status: 'active',
    });
    // The requester's own account got nothing: the grant went to the course.
    const mine = await call(teacher4, 'GET', '/api/ai/credits/me');
    expect(mine.json<UserCredit>()).toMatchObject({ creditAssigned: 0 });
    expect(await orgCredit(admin4)).toMatchObject({ courseCreditAssigned: 25, userCreditAssigned: 0 });
  });

  it('answers 400 with field errors for invalid bodies and queries', async () => {
    const negative = await call(admin, 'PUT', `/api/ai/courses/${courseId}/credit`, { assigned: -1 });
    expect(negative.statusCode).toBe(400);
    expect(negative.json<{ errors: Record<string, string[]> }>().errors).toHaveProperty('assigned');
    const org = await call(admin, 'PUT', '/api/ai/org-credit', { creditAssigned: 'lots' });
    expect(org.statusCode).toBe(400);
    expect(org.json<{ errors: Record<string, string[]> }>().errors).toHaveProperty('creditAssigned');
    const paging = await call(admin, 'GET', '/api/ai/user-credits?page=0');
    expect(paging.statusCode).toBe(400);
    expect(paging.json<{ errors: Record<string, string[]> }>().errors).toHaveProperty('page');
    const window = await call(admin, 'GET', '/api/ai/usage/features?from=yesterday');
    expect(window.statusCode).toBe(400);
    expect(window.json<{ errors: Record<string, string[]> }>().errors).toHaveProperty('from');
    const missingCourse = await call(admin, 'PUT', '/api/ai/courses/999999/credit', { assigned: 1 });
    expect(missingCourse.statusCode).toBe(404);
  });
});

describe('credit lists', () => {
  it('pages the user credits with a keyword, percent at least 1 once anything is used', async () => {
    // 1 credit of 500 used is 0.2 %: shown as 1.
    fake.mode = 'normal';
    fake.usage = { prompt_tokens: 600, completion_tokens: 400 };
    await ai.metered(actorFor(teacher.userId), {
      feature: 'grading',
      messages: [{ role: 'user', content: 'x' }],
    });
    const all = await call(admin, 'GET', '/api/ai/user-credits?pageSize=2');
    expect(all.statusCode).toBe(200);
    const page = all.json<Page<UserCredit>>();
    // The administrator, the teacher and the assistant teach or administer; the student is not listed.
    expect(page).toMatchObject({ page: 1, pageSize: 2, pages: 2, total: 3, start: 1, end: 2 });
    const second = (await call(admin, 'GET', '/api/ai/user-credits?pageSize=2&page=2')).json<
      Page<UserCredit>
    >();
    expect(second).toMatchObject({ page: 2, total: 3, start: 3, end: 3 });
    const names = [...page.items, ...second.items].map((u) => u.userName).sort();
    expect(names).toEqual(['Ada Admin', 'Asa Assistant', 'Tess Teacher']);

    const physics = (await call(admin, 'GET', '/api/ai/user-credits?keyword=phys')).json<Page<UserCredit>>();
    expect(physics.items).toHaveLength(1);
    expect(physics.items[0]).toMatchObject({
      userId: teacher.userId,
      userName: 'Tess Teacher',
      department: 'Physics',
      role: 'instructor',
      creditAssigned: 500,
      creditUsed: 1,
      creditUsedPercent: 1,
      isLowAirCredit: false,
    });
  });

  it('pages the course credits with a keyword and lets the teaching team read its course', async () => {
    await createCourse(t, orgId, admin.userId, { name: 'Organic Chemistry', courseCode: 'CHE-101' });
    const all = (await call(admin, 'GET', '/api/ai/course-credits')).json<Page<CourseCredit>>();
    expect(all).toMatchObject({ page: 1, pageSize: 20, pages: 1, total: 2, start: 1, end: 2 });
    const chem = (await call(admin, 'GET', '/api/ai/course-credits?keyword=che-1')).json<
      Page<CourseCredit>
    >();
    expect(chem.items.map((c) => [c.name, c.status, c.aiActivation])).toEqual([
      ['Organic Chemistry', 'inactive', false],
    ]);
    for (const session of [teacher, assistant]) {
      const res = await call(session, 'GET', `/api/ai/courses/${courseId}/credit`);
      expect(res.statusCode).toBe(200);
      expect(res.json<CourseCredit>()).toMatchObject({
        aiActivation: true,
        creditRemaining: 300,
        status: 'active',
      });
    }
    expect((await call(student, 'GET', `/api/ai/courses/${courseId}/credit`)).statusCode).toBe(404);
  });
});

describe('course accounts, usage and config', () => {
  it('pays a course call from the activated course account and reports usage by feature and user', async () => {
    fake.mode = 'normal';
    fake.answer = 'ok';
    fake.usage = { prompt_tokens: 4000, completion_tokens: 1000 };
    const before = (await call(teacher, 'GET', '/api/ai/credits/me')).json<UserCredit>();
    const result = await ai.metered(actorFor(teacher.userId), {
      feature: 'rubric_generation',
      courseId,
      messages: [{ role: 'user', content: 'make a rubric' }],
    });
    expect(result.credits).toBe(5);
    const course = (await call(admin, 'GET', `/api/ai/courses/${courseId}/credit`)).json<CourseCredit>();
    expect(course).toMatchObject({ creditUsed: 5, creditRemaining: 295 });
    expect((await call(teacher, 'GET', '/api/ai/credits/me')).json<UserCredit>().creditUsed).toBe(
      before.creditUsed,
    );

    const byFeature = await call(admin, 'GET', '/api/ai/usage/features');
    expect(byFeature.statusCode).toBe(200);
    expect(byFeature.json()).toEqual({
      items: expect.arrayContaining([
        { feature: 'rubric_generation', calls: 1, promptTokens: 4000, completionTokens: 1000, credits: 5 },
      ]),
    });
    const future = await call(
      admin,
      'GET',
      `/api/ai/usage/features?from=${encodeURIComponent('2999-01-01T00:00:00Z')}`,
    );
    expect(future.json()).toEqual({ items: [] });

    const byUser = await call(admin, 'GET', '/api/ai/usage/users?keyword=tess');
    expect(byUser.statusCode).toBe(200);
    expect(byUser.json<Page<unknown>>()).toMatchObject({
      total: 1,
      start: 1,
      end: 1,
      items: [
        { userId: teacher.userId, userName: 'Tess Teacher', department: 'Physics', calls: 2, credits: 6 },
      ],
    });
  });

  it('stores the config, validates it and uses its max text length for prompts', async () => {
    const initial = await call(admin, 'GET', '/api/ai/config');
    expect(initial.json()).toEqual({
      credit_mode: 'allocation',
      course_guides_enable: false,
      allowed_kb_video_type: [],
      max_upload_file_size: null,
      max_text_length: null,
      max_number_of_quizzes: null,
    });
    const bad = await call(admin, 'PUT', '/api/ai/config', {
      credit_mode: 'free_for_all',
      max_text_length: 10,
      allowed_kb_video_type: ['exe'],
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json<{ errors: Record<string, string[]> }>().errors).sort()).toEqual(
      expect.arrayContaining(['credit_mode', 'max_text_length']),
    );
    const saved = await call(admin, 'PUT', '/api/ai/config', {
      course_guides_enable: true,
      allowed_kb_video_type: ['mp4', 'webm'],
      max_upload_file_size: 512,
      max_text_length: 1000,
      max_number_of_quizzes: 20,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      credit_mode: 'allocation',
      max_text_length: 1000,
      allowed_kb_video_type: ['mp4', 'webm'],
    });
    const status = await call(student, 'GET', '/api/ai/status');
    expect(status.json()).toMatchObject({ max_text_length: 1000 });

    let limit = 0;
    await ai.metered(actorFor(teacher.userId), {
      feature: 'grading',
      messages: (max) => {
        limit = max;
        return [{ role: 'user', content: 'x'.repeat(max) }];
      },
    });
    expect(limit).toBe(1000);
    expect(fake.requests.at(-1)?.messages.at(-1)?.content).toHaveLength(1000);
  });

  it('pays every call from the organisation in credit_pool mode', async () => {
    expect((await call(admin, 'PUT', '/api/ai/config', { credit_mode: 'credit_pool' })).statusCode).toBe(200);
    const before = await orgCredit();
    fake.usage = { prompt_tokens: 1000, completion_tokens: 1000 };
    await ai.metered(actorFor(teacher.userId), {
      feature: 'grading',
      messages: [{ role: 'user', content: 'x' }],
    });
    const after = await orgCredit();
    expect(after.creditUsed).toBe(before.creditUsed + 2);
    const mine = (await call(teacher, 'GET', '/api/ai/credits/me')).json<UserCredit>();
    expect(mine.creditUsed).toBe(2);
    await call(admin, 'PUT', '/api/ai/config', { credit_mode: 'allocation' });
  });
});
