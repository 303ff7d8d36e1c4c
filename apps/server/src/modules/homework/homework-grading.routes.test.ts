import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aiTestEnv, creditsUsed, grantCredits, usageOf } from '../../test/ai-factories.ts';
import { createExamWorld, type ExamWorld } from '../../test/exam-taking-factories.ts';
import { createUpload, type Session } from '../../test/factories.ts';
import { createHomework, readyUpload } from '../../test/homework-factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { startFakeChatCompletions, type FakeChatCompletions } from '../ai/chat-completions.fake.ts';

let fake: FakeChatCompletions;
let t: TestApp;
let w: ExamWorld;
let rubricId: number;

const SUGGESTION = {
  totalScore: 8.5,
  scoreJustification: [{ criterion: 'Argument', points_awarded: 8.5, explanation: 'A clear thesis' }],
  strengths: ['Well organised'],
  areasForImprovement: ['Cite more sources'],
};

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

const grade = (session: Session, homeworkId: number, submissionId: number) =>
  t.app.inject({
    method: 'POST',
    url: `/api/homeworks/${homeworkId}/grading`,
    headers: session.headers,
    payload: { submission_id: submissionId },
  });

/** A student's hand-in with one file; its id. */
async function handIn(homeworkId: number, student: number, name: string, bytes: Buffer): Promise<number> {
  const { user, session } = w.students[student]!;
  const upload =
    name === 'essay.txt'
      ? await readyUpload(t, w.org.id, user.id, name)
      : await createUpload(t, w.org.id, user.id, { name, bytes });
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/course/activities/${homeworkId}/submissions`,
    headers: session.headers,
    payload: { comment: '<p>See my file</p>', uploads: [upload.id] },
  });
  if (res.statusCode !== 201) throw new Error(`hand-in answered ${res.statusCode}: ${res.body}`);
  return res.json().submission.id;
}

beforeAll(async () => {
  fake = await startFakeChatCompletions();
  t = await createTestApp(aiTestEnv(fake.url));
  w = await createExamWorld(t, 3);
  await grantCredits(t, w.org.id, w.teacher.id, 1000);
  const rubric = await t.app.inject({
    method: 'POST',
    url: '/api/rubrics',
    headers: w.teacherSession.headers,
    payload: {
      name: 'Essay',
      conditions: [
        { name: 'Argument', description: 'A clear thesis', levels: [{ score: 10, description: 'Clear' }] },
      ],
    },
  });
  rubricId = rubric.json().id;
});

afterAll(async () => {
  await t?.close();
  await fake?.close();
});

describe('POST /api/homeworks/{id}/grading', () => {
  it('streams the model text as data lines, ends with the checked suggestion, and stores no score', async () => {
    fake.mode = 'normal';
    fake.answer = JSON.stringify(SUGGESTION);
    const hw = await createHomework(t, w, { data: { rubric_id: rubricId } });
    const submissionId = await handIn(hw.id, 0, 'essay.txt', Buffer.from(''));
    const before = await creditsUsed(t, w.teacher.id);
    const res = await grade(w.teacherSession, hw.id, submissionId);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/event-stream');
    const events = eventsOf(res.body);
    const deltas = events.filter((e) => e.event === 'message').map((e) => (e.data as { data: string }).data);
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.join('')).toBe(fake.answer);
    expect(events.at(-1)).toEqual({ event: 'result', data: SUGGESTION });
    // 1500 tokens at 2 per 1000, billed to the course.
    expect((await creditsUsed(t, w.teacher.id)) - before).toBe(3);
    expect((await usageOf(t, w.teacher.id)).at(-1)).toMatchObject({
      feature: 'grading',
      courseId: w.course.id,
    });
    // The file's text and the rubric reach the model; the work only inside the fence.
    const [system, user] = fake.requests.at(-1)!.messages;
    expect(system!.content).toContain('Argument (at most 10 points)');
    expect(system!.content).toContain('Write about rivers');
    expect(user!.content).toMatch(
      /^<<<DATA-[0-9a-f]{16}\nSee my file\n\n\[essay.txt\]\ncontents of essay.txt\nDATA-/,
    );
    const submission = await t.app.inject({
      method: 'GET',
      url: `/api/course/activities/${hw.id}/students/${w.students[0]!.user.id}/submission`,
      headers: w.teacherSession.headers,
    });
    expect(JSON.stringify(submission.json())).not.toContain('8.5');
  });

  it('needs a description, a rubric, a submission of this homework and a readable file (the model is not asked)', async () => {
    const asked = fake.requests.length;
    const noDescription = await createHomework(t, w, { data: { description: '', rubric_id: rubricId } });
    const s1 = await handIn(noDescription.id, 1, 'essay.txt', Buffer.from(''));
    const r1 = await grade(w.teacherSession, noDescription.id, s1);
    expect(r1.statusCode).toBe(400);
    expect(r1.json().message).toBe(
      'The homework has no description, so no AI grading suggestion can be made.',
    );

    const noRubric = await createHomework(t, w);
    const s2 = await handIn(noRubric.id, 1, 'essay.txt', Buffer.from(''));
    const r2 = await grade(w.teacherSession, noRubric.id, s2);
    expect(r2.statusCode).toBe(400);
    expect(r2.json().message).toBe(
      'Set a rubric for the homework before asking for an AI grading suggestion.',
    );

    const withRubric = await createHomework(t, w, { data: { rubric_id: rubricId } });
    const r3 = await grade(w.teacherSession, withRubric.id, s2);
    expect(r3.statusCode).toBe(404);

    const image = await handIn(withRubric.id, 2, 'photo.png', Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    const r4 = await grade(w.teacherSession, withRubric.id, image);
    expect(r4.statusCode).toBe(400);
    expect(r4.json().message).toBe('This submission has no file the AI can read (docx, pdf or txt).');
    expect(fake.requests.length).toBe(asked);
  });

  it('is refused to students and to a simulating instructor', async () => {
    const hw = await createHomework(t, w, { data: { rubric_id: rubricId } });
    const id = await handIn(hw.id, 0, 'essay.txt', Buffer.from(''));
    expect((await grade(w.students[0]!.session, hw.id, id)).statusCode).toBe(403);
    expect([403, 409]).toContain((await grade(w.simulatingSession, hw.id, id)).statusCode);
  });

  it.each([
    ['rate_limited', 429],
    ['timeout', 503],
  ] as const)('a %s before the first token is a plain JSON error and costs nothing', async (mode, status) => {
    fake.mode = mode;
    const hw = await createHomework(t, w, { data: { rubric_id: rubricId } });
    const id = await handIn(hw.id, 1, 'essay.txt', Buffer.from(''));
    const before = await creditsUsed(t, w.teacher.id);
    const res = await grade(w.teacherSession, hw.id, id);
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toEqual(expect.any(String));
    expect(await creditsUsed(t, w.teacher.id)).toBe(before);
    fake.mode = 'normal';
  });

  it.each([
    ['broken', 'The AI service failed; no credits were used.'],
    ['malformed', 'The AI answer could not be read; no credits were used.'],
  ] as const)('a %s stream ends with an error event, no result and no debit', async (mode, message) => {
    fake.mode = mode;
    const hw = await createHomework(t, w, { data: { rubric_id: rubricId } });
    const id = await handIn(hw.id, 2, 'essay.txt', Buffer.from(''));
    const before = await creditsUsed(t, w.teacher.id);
    const rows = (await usageOf(t, w.teacher.id)).length;
    const res = await grade(w.teacherSession, hw.id, id);
    expect(res.statusCode).toBe(200);
    const events = eventsOf(res.body);
    expect(events.some((e) => e.event === 'result')).toBe(false);
    expect(events.at(-1)).toEqual({ event: 'error', data: { code: 'service_unavailable', message } });
    expect(await creditsUsed(t, w.teacher.id)).toBe(before);
    expect((await usageOf(t, w.teacher.id)).length).toBe(rows);
    fake.mode = 'normal';
  });

  it('refuses a suggestion whose total is out of 0–100 without debiting', async () => {
    fake.mode = 'normal';
    fake.answer = JSON.stringify({ ...SUGGESTION, totalScore: 130 });
    const hw = await createHomework(t, w, { data: { rubric_id: rubricId } });
    const id = await handIn(hw.id, 0, 'essay.txt', Buffer.from(''));
    const before = await creditsUsed(t, w.teacher.id);
    const events = eventsOf((await grade(w.teacherSession, hw.id, id)).body);
    expect(events.at(-1)?.event).toBe('error');
    expect(await creditsUsed(t, w.teacher.id)).toBe(before);
  });
});
