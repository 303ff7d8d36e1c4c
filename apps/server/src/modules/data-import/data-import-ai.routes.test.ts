import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aiTestEnv, creditsUsed, grantCredits, usageOf } from '../../test/ai-factories.ts';
import { createAuthoringFixture, createExam } from '../../test/exams-factories.ts';
import type { Session } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { multipartFile } from '../../test/uploads-fixtures.ts';
import { startFakeChatCompletions, type FakeChatCompletions } from '../ai/chat-completions.fake.ts';

let fake: FakeChatCompletions;
let t: TestApp;
let orgId: number;
let teacherId: number;
let courseId: number;
let moduleId: number;
let teacher: Session;
let student: Session;

/** What a teacher's own paper looks like: not in the import format. */
const PAPER = [
  'Geography quiz',
  'Q1 (2 marks) What is the capital of France? a) Berlin b) Paris c) Rome — correct: b',
].join('\n');
const CONVERTED =
  '1. [Single choice] What is the capital of France?\nA. Berlin\nB. Paris\nC. Rome\nAnswer: B\nPoints: 2';

type Event = { event: string; data: unknown };
/** Server-sent events as a browser reads them: blank-line separated, `event:` naming, `data:` JSON. */
function eventsOf(body: string): Event[] {
  return body
    .split('\n\n')
    .filter((block) => block.trim())
    .map((block) => {
      const lines = block.split('\n');
      const event = lines.find((l) => l.startsWith('event: '))?.slice(7) ?? 'message';
      const data = lines.find((l) => l.startsWith('data: '))?.slice(6) ?? 'null';
      return { event, data: JSON.parse(data) as unknown };
    });
}

async function upload(app: TestApp, session: Session, filename: string, data: Buffer): Promise<number> {
  const body = multipartFile({ filename, data });
  const res = await app.app.inject({
    method: 'POST',
    url: '/api/uploads',
    headers: { ...session.headers, 'content-type': body.contentType },
    payload: body.payload,
  });
  expect(res.statusCode).toBe(201);
  return (res.json() as { id: number }).id;
}

const aiConvert = (app: TestApp, session: Session, payload: object) =>
  app.app.inject({ method: 'POST', url: '/api/data-import/ai-convert', headers: session.headers, payload });

const newExam = () => createExam(t, { courseId, moduleId, createdBy: teacherId });

beforeAll(async () => {
  fake = await startFakeChatCompletions();
  t = await createTestApp(aiTestEnv(fake.url));
  ({ orgId, teacherId, courseId, moduleId, teacher, student } = await createAuthoringFixture(t));
  await grantCredits(t, orgId, teacherId, 1000);
});

afterAll(async () => {
  await t?.close();
  await fake?.close();
});

describe('POST /api/data-import/ai-convert', () => {
  it('streams the question text as data events and debits tokens × rate with a ledger row', async () => {
    fake.mode = 'normal';
    fake.answer = CONVERTED;
    const exam = await newExam();
    const id = await upload(t, teacher, 'quiz.txt', Buffer.from(PAPER));
    const before = await creditsUsed(t, teacherId);
    const rows = (await usageOf(t, teacherId)).length;

    const res = await aiConvert(t, teacher, { upload_id: id, belong: 'exam', belong_id: exam.id });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/event-stream');
    const events = eventsOf(res.body);
    expect(events.every((e) => e.event === 'message')).toBe(true);
    expect(events.length).toBeGreaterThan(1);
    expect(events.map((e) => (e.data as { data: string }).data).join('')).toBe(CONVERTED);
    // 1500 tokens at 2 credits per 1000.
    expect((await creditsUsed(t, teacherId)) - before).toBe(3);
    const usage = await usageOf(t, teacherId);
    expect(usage.length).toBe(rows + 1);
    expect(usage.at(-1)).toMatchObject({ feature: 'question_import', courseId });
    // The format rules are the instructions; the file's text reaches the model only inside the fence.
    const [system, user] = fake.requests.at(-1)!.messages;
    expect(system!.content).toContain('[Single choice]');
    expect(system!.content).not.toContain('capital of France');
    expect(user!.content).toMatch(/^<<<DATA-[0-9a-f]{16}\nGeography quiz\nQ1 \(2 marks\)/);

    // The streamed text identifies as usual.
    const identified = await t.app.inject({
      method: 'POST',
      url: '/api/data-import/identify',
      headers: teacher.headers,
      payload: { belong: 'exam', belong_id: exam.id, content: CONVERTED },
    });
    expect(identified.statusCode).toBe(200);
    expect(identified.json().error_count).toBe(0);
  });

  it('reads only .docx, .pdf and .txt files of the caller, before the model is asked', async () => {
    const asked = fake.requests.length;
    const exam = await newExam();
    const xml = await upload(t, teacher, 'quiz.xml', Buffer.from('<quiz></quiz>'));
    const wrong = await aiConvert(t, teacher, { upload_id: xml, belong: 'exam', belong_id: exam.id });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('AI import reads Word (.docx), PDF or text (.txt) files only.');

    const blank = await upload(t, teacher, 'blank.txt', Buffer.from('   \n'));
    const empty = await aiConvert(t, teacher, { upload_id: blank, belong: 'exam', belong_id: exam.id });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('This file has no text that can be read.');
    expect(fake.requests.length).toBe(asked);
  });

  it("is refused to a student, with their own file or the teacher's, before the model is asked", async () => {
    const asked = fake.requests.length;
    const exam = await newExam();
    const own = await upload(t, student, 'mine.txt', Buffer.from(PAPER));
    const res = await aiConvert(t, student, { upload_id: own, belong: 'exam', belong_id: exam.id });
    expect(res.statusCode).toBe(403);
    const teachers = await upload(t, teacher, 'quiz.txt', Buffer.from(PAPER));
    expect(
      (await aiConvert(t, student, { upload_id: teachers, belong: 'exam', belong_id: exam.id })).statusCode,
    ).toBe(403);
    expect(fake.requests.length).toBe(asked);
  });

  it.each([
    ['rate_limited', 429],
    ['timeout', 503],
  ] as const)('a %s before the first token is a plain JSON error and costs nothing', async (mode, status) => {
    fake.mode = mode;
    const exam = await newExam();
    const id = await upload(t, teacher, 'quiz.txt', Buffer.from(PAPER));
    const before = await creditsUsed(t, teacherId);
    const rows = (await usageOf(t, teacherId)).length;
    const res = await aiConvert(t, teacher, { upload_id: id, belong: 'exam', belong_id: exam.id });
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toEqual(expect.any(String));
    expect(await creditsUsed(t, teacherId)).toBe(before);
    expect((await usageOf(t, teacherId)).length).toBe(rows);
    fake.mode = 'normal';
  });

  it('a stream that breaks half-way ends with an error event and costs nothing', async () => {
    fake.mode = 'broken';
    fake.answer = CONVERTED;
    const exam = await newExam();
    const id = await upload(t, teacher, 'quiz.txt', Buffer.from(PAPER));
    const before = await creditsUsed(t, teacherId);
    const rows = (await usageOf(t, teacherId)).length;
    const res = await aiConvert(t, teacher, { upload_id: id, belong: 'exam', belong_id: exam.id });
    expect(res.statusCode).toBe(200);
    const events = eventsOf(res.body);
    expect(events[0]).toEqual({ event: 'message', data: { data: CONVERTED.slice(0, 4) } });
    expect(events.at(-1)).toEqual({
      event: 'error',
      data: { code: 'service_unavailable', message: 'The AI service failed; no credits were used.' },
    });
    expect(await creditsUsed(t, teacherId)).toBe(before);
    expect((await usageOf(t, teacherId)).length).toBe(rows);
    fake.mode = 'normal';
  });
});

describe('POST /api/data-import/ai-convert without a model', () => {
  it('answers 503 with a clear message', async () => {
    const plain = await createTestApp();
    try {
      const f = await createAuthoringFixture(plain);
      const exam = await createExam(plain, {
        courseId: f.courseId,
        moduleId: f.moduleId,
        createdBy: f.teacherId,
      });
      const id = await upload(plain, f.teacher, 'quiz.txt', Buffer.from(PAPER));
      const res = await aiConvert(plain, f.teacher, { upload_id: id, belong: 'exam', belong_id: exam.id });
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toEqual(expect.any(String));
      expect(res.json().code).toBe('service_unavailable');
    } finally {
      await plain.close();
    }
  });
});
