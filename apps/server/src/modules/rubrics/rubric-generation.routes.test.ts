import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aiTestEnv, creditsUsed, grantCredits, usageOf } from '../../test/ai-factories.ts';
import { createExamWorld, type ExamWorld } from '../../test/exam-taking-factories.ts';
import { createCourse, createUser, loginAs, type Session } from '../../test/factories.ts';
import { createHomework } from '../../test/homework-factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { startFakeChatCompletions, type FakeChatCompletions } from '../ai/chat-completions.fake.ts';

let fake: FakeChatCompletions;
let t: TestApp;
let w: ExamWorld;

const GENERATED = {
  name: 'River essay rubric',
  conditions: [
    {
      name: 'Argument',
      description: 'A clear thesis about rivers',
      levels: [
        { score: 10, description: 'Compelling thesis' },
        { score: 8, description: 'Clear thesis' },
        { score: 6, description: 'Some thesis' },
        { score: 4, description: 'No thesis' },
      ],
    },
    // No ratings: the default ones are filled in.
    { name: 'Sources', description: 'Cites sources' },
  ],
};

const generate = (session: Session, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/rubrics/generate', headers: session.headers, payload });

const used = () => creditsUsed(t, w.teacher.id);
const ledgerOf = (userId: number) => usageOf(t, userId);

beforeAll(async () => {
  fake = await startFakeChatCompletions();
  t = await createTestApp(aiTestEnv(fake.url));
  w = await createExamWorld(t, 1);
  await grantCredits(t, w.org.id, w.teacher.id, 1000);
});

afterAll(async () => {
  await t?.close();
  await fake?.close();
});

describe('POST /api/rubrics/generate', () => {
  it('returns a draft for the editor, fills default ratings, and debits usage × rate once', async () => {
    fake.mode = 'normal';
    fake.answer = `Here it is:\n\`\`\`json\n${JSON.stringify(GENERATED)}\n\`\`\``;
    fake.usage = { prompt_tokens: 700, completion_tokens: 300 };
    const before = await used();
    const res = await generate(w.teacherSession, {
      content: '<p>Write an essay about <b>rivers</b> and cite two sources.</p>',
      locale: 'en-US',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      name: 'River essay rubric',
      conditions: [
        GENERATED.conditions[0],
        {
          name: 'Sources',
          description: 'Cites sources',
          levels: [
            { score: 10, description: 'Excellent' },
            { score: 8, description: 'Good' },
            { score: 6, description: 'Pass' },
            { score: 4, description: 'Needs improvement' },
          ],
        },
      ],
    });
    // 1000 tokens at 2 credits per 1000.
    expect((await used()) - before).toBe(2);
    const request = fake.requests.at(-1)!;
    expect(request.messages[0]!.content).toContain('Write in English.');
    // The description reaches the model as fenced data, without its markup.
    expect(request.messages[1]!.content).toMatch(
      /^<<<DATA-[0-9a-f]{16}\nWrite an essay about rivers and cite two sources.\nDATA-[0-9a-f]{16}>>>$/,
    );
    const ledger = await ledgerOf(w.teacher.id);
    expect(ledger.at(-1)).toMatchObject({ feature: 'rubric_generation', credits: 2, courseId: null });
  });

  it("uses the homework's description when content is empty and bills the homework's course", async () => {
    fake.mode = 'normal';
    fake.answer = JSON.stringify(GENERATED);
    const hw = await createHomework(t, w, { data: { description: '<p>Map the Yangtze basin</p>' } });
    const res = await generate(w.teacherSession, { content: '', locale: '', homework_id: hw.id });
    expect(res.statusCode).toBe(200);
    expect(fake.requests.at(-1)!.messages[1]!.content).toContain('Map the Yangtze basin');
    expect(fake.requests.at(-1)!.messages[0]!.content).toContain('language of the assignment description');
    expect((await ledgerOf(w.teacher.id)).at(-1)).toMatchObject({ courseId: w.course.id });
  });

  it('needs a description: 400 and the model is not asked', async () => {
    const asked = fake.requests.length;
    const res = await generate(w.teacherSession, { content: '<p> </p>' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Write the assignment description before generating a rubric.');
    expect(fake.requests.length).toBe(asked);
  });

  it('students never reach it, whatever they send', async () => {
    const res = await generate(w.students[0]!.session, { content: 'Essay about rivers' });
    expect(res.statusCode).toBe(403);
  });

  it.each([
    ['broken', 503, 'The AI service failed; no credits were used.'],
    ['rate_limited', 429, undefined],
    ['timeout', 503, undefined],
    ['malformed', 503, 'The AI answer could not be read; no credits were used.'],
  ] as const)(
    'a %s call answers %i with a clear message and costs nothing',
    async (mode, status, message) => {
      fake.mode = mode;
      const before = await used();
      const rows = (await ledgerOf(w.teacher.id)).length;
      const res = await generate(w.teacherSession, { content: 'Essay about rivers' });
      expect(res.statusCode).toBe(status);
      expect(res.json().message).toEqual(message ?? expect.any(String));
      expect(await used()).toBe(before);
      expect((await ledgerOf(w.teacher.id)).length).toBe(rows);
      fake.mode = 'normal';
    },
  );

  it('refuses JSON that is not a usable rubric (a criterion without a name) without debiting', async () => {
    fake.mode = 'normal';
    fake.answer = JSON.stringify({ name: 'x', conditions: [{ name: '  ', levels: [] }] });
    const before = await used();
    const res = await generate(w.teacherSession, { content: 'Essay about rivers' });
    expect(res.statusCode).toBe(503);
    expect(await used()).toBe(before);
  });

  it("refuses with 'credit insufficient' before the model is asked when nothing is left", async () => {
    const other = await createUser(t, w.org.id);
    // Teaches a course of its own, but holds no credit.
    await createCourse(t, w.org.id, other.id);
    const session = await loginAs(t, other);
    const asked = fake.requests.length;
    const res = await generate(session, { content: 'Essay about rivers' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Credit insufficient.');
    expect(fake.requests.length).toBe(asked);
  });
});

describe('without a configured model', () => {
  it('answers 503 ai.unavailable', async () => {
    const bare = await createTestApp();
    try {
      const world = await createExamWorld(bare, 0);
      const res = await bare.app.inject({
        method: 'POST',
        url: '/api/rubrics/generate',
        headers: world.teacherSession.headers,
        payload: { content: 'Essay about rivers' },
      });
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toBe(
        'AI features are not configured on this server. Ask your administrator.',
      );
    } finally {
      await bare.close();
    }
  });
});
