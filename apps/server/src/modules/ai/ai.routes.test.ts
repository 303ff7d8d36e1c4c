import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { UserCredit } from '@lectern/contracts/ai/ai.schemas';
import { aiUsageLedger } from '../../db/schema/ai.ts';
import { AppError } from '../../platform/errors.ts';
import type { Actor } from '../../platform/http/request-context.ts';
import { translate } from '../../platform/messages.ts';
import {
  addMember,
  createCourse,
  createOrg,
  createUser,
  loginAs,
  type Session,
} from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { aiCreditsRepository } from './ai-credits.repository.ts';
import { parseModelJson } from './ai-prompt.ts';
import { createAiProvider } from './ai-provider.ts';
import { aiService } from './ai.service.ts';
import { startFakeChatCompletions, type FakeChatCompletions } from './chat-completions.fake.ts';

let fake: FakeChatCompletions;
let t: TestApp;
let orgId: number;
let admin: Session;
let teacher: Session;
let student: Session;
let ai: ReturnType<typeof aiService>;

const actorFor = (userId: number, orgRole: 'admin' | 'member' = 'member'): Actor => ({
  userId,
  orgId,
  orgRole,
  sessionId: null,
  simulatingCourseId: null,
  locale: 'en-US',
});

async function creditOf(session: Session): Promise<UserCredit> {
  const res = await t.app.inject({ method: 'GET', url: '/api/ai/credits/me', headers: session.headers });
  expect(res.statusCode).toBe(200);
  return res.json();
}

async function allocate(userId: number, assigned: number) {
  const res = await t.app.inject({
    method: 'PUT',
    url: `/api/ai/users/${userId}/credit`,
    headers: admin.headers,
    payload: { assigned },
  });
  expect(res.statusCode).toBe(200);
}

async function failureOf(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

beforeAll(async () => {
  fake = await startFakeChatCompletions();
  t = await createTestApp({
    AI_BASE_URL: fake.url,
    AI_API_KEY: 'sk-test',
    AI_MODEL: 'general-model',
    AI_MODEL_GRADING: 'grading-model',
    AI_TIMEOUT_SECONDS: '0.5',
    AI_CREDITS_PER_1K_TOKENS: '2',
  });
  orgId = (await createOrg(t)).id;
  const adminUser = await createUser(t, orgId, { orgRole: 'admin' });
  const teacherUser = await createUser(t, orgId);
  const studentUser = await createUser(t, orgId);
  const course = await createCourse(t, orgId, teacherUser.id);
  await addMember(t, course.id, studentUser.id, ['student']);
  admin = await loginAs(t, adminUser);
  teacher = await loginAs(t, teacherUser);
  student = await loginAs(t, studentUser);
  // Allocations come out of the organisation's own credit (decision 0017).
  const funded = await t.app.inject({
    method: 'PUT',
    url: '/api/ai/org-credit',
    headers: admin.headers,
    payload: { creditAssigned: 1_000_000 },
  });
  expect(funded.statusCode).toBe(200);
  ai = aiService(
    { config: t.config, db: t.db, storage: t.storage, log: t.app.log },
    createAiProvider(t.config.ai, t.app.log),
  );
});

afterAll(async () => {
  await t?.close();
  await fake?.close();
});

describe('metered model calls', () => {
  it('streams the answer through the real client and debits exactly usage × rate', async () => {
    await allocate(teacher.userId, 100);
    fake.mode = 'normal';
    fake.answer = '{"totalScore": 8}';
    fake.usage = { prompt_tokens: 1200, completion_tokens: 300 };
    const deltas: string[] = [];
    const result = await ai.metered(actorFor(teacher.userId), {
      feature: 'grading',
      messages: [{ role: 'user', content: 'grade this' }],
      onDelta: (d) => deltas.push(d),
      validate: (out) => parseModelJson(z.object({ totalScore: z.number() }), out),
    });
    expect(result.output).toBe('{"totalScore": 8}');
    expect(deltas.length).toBeGreaterThan(1);
    expect(result.usage).toEqual({ promptTokens: 1200, completionTokens: 300 });
    // 1500 tokens at 2 credits per 1000.
    expect(result.credits).toBe(3);
    const last = fake.requests.at(-1);
    expect(last?.model).toBe('grading-model');
    expect(last?.stream_options).toEqual({ include_usage: true });
    const credit = await creditOf(teacher);
    expect(credit).toMatchObject({
      creditAssigned: 100,
      creditUsed: 3,
      creditRemaining: 97,
      creditUsedPercent: 3,
    });
    const ledger = await t.db.select().from(aiUsageLedger).where(eq(aiUsageLedger.userId, teacher.userId));
    expect(ledger.map((r) => [r.feature, r.promptTokens, r.completionTokens, r.credits])).toEqual([
      ['grading', 1200, 300, 3],
    ]);
  });

  it.each([
    ['broken', 503, 'The AI service failed; no credits were used.'],
    ['rate_limited', 429, 'The AI service is busy. Try again in a moment.'],
    ['timeout', 503, 'The AI service did not answer in time; no credits were used.'],
    ['malformed', 503, 'The AI answer could not be read; no credits were used.'],
  ] as const)('a %s call answers %i and costs nothing', async (mode, status, message) => {
    const before = await creditOf(teacher);
    fake.mode = mode;
    const error = await failureOf(
      ai.metered(actorFor(teacher.userId), {
        feature: 'rubric_generation',
        messages: [{ role: 'user', content: 'make a rubric' }],
        validate: (out) => parseModelJson(z.object({ criteria: z.array(z.string()) }), out),
      }),
    );
    expect(error.status).toBe(status);
    expect(typeof error.detail === 'string' && translate('en-US', error.detail)).toBe(message);
    expect((await creditOf(teacher)).creditUsed).toBe(before.creditUsed);
  });

  it('refuses with "credit insufficient" before the model is asked when nothing is left', async () => {
    const broke = await createUser(t, orgId);
    await createCourse(t, orgId, broke.id);
    fake.mode = 'normal';
    const asked = fake.requests.length;
    const error = await failureOf(
      ai.metered(actorFor(broke.id), { feature: 'grading', messages: [{ role: 'user', content: 'x' }] }),
    );
    expect(error.status).toBe(409);
    expect(error.detail).toBe('ai.creditInsufficient');
    expect(fake.requests.length).toBe(asked);
  });

  it('answers 503 without a configured model, and status tells the web app', async () => {
    const off = aiService(
      { config: t.config, db: t.db, storage: t.storage, log: t.app.log },
      createAiProvider({ ...t.config.ai, provider: undefined }, t.app.log),
    );
    const error = await failureOf(
      off.metered(actorFor(teacher.userId), {
        feature: 'grading',
        messages: [{ role: 'user', content: 'x' }],
      }),
    );
    expect(error.status).toBe(503);
    expect(error.detail).toBe('ai.unavailable');
    const res = await t.app.inject({ method: 'GET', url: '/api/ai/status', headers: student.headers });
    expect(res.json()).toMatchObject({ available: true, credit_mode: 'allocation' });
  });

  it('never overdraws under 200 concurrent debits', async () => {
    const spender = await createUser(t, orgId);
    await allocate(spender.id, 150);
    const repo = aiCreditsRepository(t.db);
    const key = { orgId, userId: spender.id };
    const taken = await Promise.all(Array.from({ length: 200 }, () => repo.debit(key, 1)));
    expect(taken.reduce((a, b) => a + b, 0)).toBe(150);
    expect(await repo.account(key)).toMatchObject({ assigned: 150, used: 150 });
  });
});

describe('credit requests', () => {
  it('keeps students out and approvals to administrators, and approving raises the balance', async () => {
    for (const [method, url] of [
      ['GET', '/api/ai/credits/me'],
      ['POST', '/api/ai/credit-requests'],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        headers: student.headers,
        ...(method === 'POST' ? { payload: { applied_credits: 10, reason: 'more' } } : {}),
      });
      expect(res.statusCode).toBe(403);
    }
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/ai/credit-requests',
      headers: teacher.headers,
      payload: { applied_credits: 50, reason: 'grading season' },
    });
    expect(created.statusCode).toBe(200);
    const id = created.json<{ id: number }>().id;
    const byTeacher = await t.app.inject({
      method: 'PUT',
      url: `/api/ai/credit-requests/${id}/approve`,
      headers: teacher.headers,
      payload: { approved_credits: 50 },
    });
    expect(byTeacher.statusCode).toBe(403);

    const before = await creditOf(teacher);
    const approved = await t.app.inject({
      method: 'PUT',
      url: `/api/ai/credit-requests/${id}/approve`,
      headers: admin.headers,
      payload: { approved_credits: 40, remark: 'enjoy' },
    });
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'approved', applied_credits: 50, approved_credits: 40 });
    expect((await creditOf(teacher)).creditAssigned).toBe(before.creditAssigned + 40);

    const again = await t.app.inject({
      method: 'PUT',
      url: `/api/ai/credit-requests/${id}/refuse`,
      headers: admin.headers,
      payload: {},
    });
    expect(again.statusCode).toBe(409);
    const mine = await t.app.inject({
      method: 'GET',
      url: '/api/ai/credit-requests/mine',
      headers: teacher.headers,
    });
    expect(mine.json()).toMatchObject({ total: 1, page: 1, pageSize: 20, pages: 1, start: 1, end: 1 });
  });
});
