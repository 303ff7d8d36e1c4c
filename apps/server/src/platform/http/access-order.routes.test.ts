import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { examPaperInstances } from '../../db/schema/exam-submissions.ts';
import { createExamWorld, createOpenExam, type ExamWorld } from '../../test/exam-taking-factories.ts';
import { singleChoice } from '../../test/exams-factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { routesOf } from './access.plugin.ts';
import { fillRoutePath } from '../../test/route-paths.ts';

let t: TestApp;
let w: ExamWorld;

beforeAll(async () => {
  t = await createTestApp();
  w = await createExamWorld(t, 1);
});
afterAll(async () => t.close());

const BAD_BODY = { name: 42, title: ['x'], content: { nested: true }, subjects: 'none', upload_id: 'x' };

describe('access is decided before validation', () => {
  it('answers an anonymous POST with a bad body 401, not field errors', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/course',
      headers: { 'accept-language': 'en-US' },
      payload: BAD_BODY,
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'unauthenticated', errors: {} });
  });

  it('does so on every route that needs a signed-in user', async () => {
    const guarded = routesOf(t.app).filter((route) => route.access !== 'public' && route.method !== 'HEAD');
    expect(guarded.length).toBeGreaterThan(100);
    const leaks: string[] = [];
    for (const route of guarded) {
      // Parameters that no schema accepts, and a body no schema accepts either.
      const url = fillRoutePath(route.url, () => 'not-an-id').replace(/\*/g, 'x');
      const hasBody = !['GET', 'DELETE', 'OPTIONS'].includes(route.method);
      const res = await t.app.inject({
        method: route.method as 'GET',
        url: `${url}?page=-1&keyword=%00`,
        ...(hasBody ? { payload: BAD_BODY } : {}),
      });
      if (res.statusCode !== 401) leaks.push(`${route.method} ${route.url} → ${res.statusCode}`);
    }
    expect(leaks).toEqual([]);
  });
});

describe('GET /api/exams/{id}/distribute and Fetch Metadata', () => {
  const student = () => w.students[0]!.session;
  const instances = async (examId: number) => {
    const [row] = await t.db
      .select({ n: count() })
      .from(examPaperInstances)
      .where(eq(examPaperInstances.activityId, examId));
    return row?.n ?? 0;
  };
  const distribute = (examId: number, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'GET',
      url: `/api/exams/${examId}/distribute`,
      headers: { ...student().headers, ...headers },
    });

  it('refuses a link followed from another site, starting no attempt', async () => {
    const exam = await createOpenExam(t, w, [singleChoice(5)]);
    for (const site of ['cross-site', 'same-site']) {
      const res = await distribute(exam.id, {
        'sec-fetch-site': site,
        'sec-fetch-mode': 'navigate',
        'sec-fetch-dest': 'document',
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({
        code: 'forbidden',
        message:
          'For your safety, this cannot be started from a link on another site. Please start it from Lectern itself.',
      });
    }
    expect(await instances(exam.id)).toBe(0);
  });

  it('starts the attempt for our own page, a typed address, and clients that are not browsers', async () => {
    const exam = await createOpenExam(t, w, [singleChoice(5)]);
    const ownPage = await distribute(exam.id, { 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'cors' });
    expect(ownPage.statusCode).toBe(200);
    expect(await instances(exam.id)).toBe(1);
    const typed = await distribute(exam.id, { 'sec-fetch-site': 'none', 'sec-fetch-mode': 'navigate' });
    expect(typed.statusCode).toBe(200);
    // The same open attempt is resumed, not another started.
    expect(typed.json().exam_paper_instance_id).toBe(ownPage.json().exam_paper_instance_id);

    const other = await createOpenExam(t, w, [singleChoice(5)]);
    const script = await distribute(other.id);
    expect(script.statusCode).toBe(200);
    expect(await instances(other.id)).toBe(1);
  });
});
