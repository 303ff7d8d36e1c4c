import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activities } from '../db/schema/activities.ts';
import { askQuestions } from '../db/schema/ask-questions.ts';
import { users } from '../db/schema/identity.ts';
import { jobs } from '../db/schema/jobs.ts';
import { loginAs, type Session } from '../test/factories.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { DEMO_QUESTIONNAIRE_TITLE } from './demo-classroom.ts';
import { seedDemoIfEmpty } from './demo-seed.ts';

let t: TestApp;
let owner: Session;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoIfEmpty(t.db, t.app.log);
  const [user] = await t.db.select().from(users).where(eq(users.userNo, 't1001'));
  owner = await loginAs(t, user!);
});
afterAll(async () => t?.close());

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: owner.headers });

describe('demo live classroom', () => {
  it('seeds an open questionnaire with a few answers, read through its results', async () => {
    const [questionnaire] = await t.db
      .select()
      .from(activities)
      .where(and(eq(activities.type, 'questionnaire'), eq(activities.title, DEMO_QUESTIONNAIRE_TITLE)));
    expect(questionnaire).toBeDefined();
    const results = await get(`/api/questionnaire/${questionnaire!.id}/results`);
    expect(results.statusCode, results.body).toBe(200);
    const body = results.json();
    expect(body).toMatchObject({
      status: 'in_progress',
      is_anonymous: false,
      summary: { submitterCount: 5 },
    });
    expect(body.subjects.map((s: { subject: { type: string } }) => s.subject.type)).toEqual([
      'single_selection',
      'multiple_selection',
      'short_answer',
    ]);
    const pace = body.subjects[0].options.map((o: { chosenCount: number }) => o.chosenCount);
    expect(pace).toEqual([1, 3, 1]);
    expect(body.subjects[2].text_answers).toHaveLength(5);
    // The library it came from is the instructor's, listed as a questionnaire library.
    const libs = await get('/api/subject-libs?lib_type=questionnaire');
    expect(libs.json().subject_libs).toEqual([expect.objectContaining({ title: '课程反馈问卷题库' })]);
  });

  it('seeds a finished ask-question whose draw shows on its projector view', async () => {
    const [asked] = await t.db.select().from(askQuestions);
    expect(asked?.endTime).not.toBeNull();
    const res = await get(`/api/ask-questions/${asked!.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().current_pick?.students).toHaveLength(2);
  });

  it('queues the end of the demo vote', async () => {
    const [vote] = await t.db.select().from(activities).where(eq(activities.type, 'vote'));
    const queued = await t.db.select().from(jobs).where(eq(jobs.type, 'vote.close'));
    expect(queued).toEqual([
      expect.objectContaining({
        status: 'init',
        runAt: vote!.endTime,
        payload: expect.objectContaining({ activity_id: vote!.id }),
      }),
    ]);
  });
});
