import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { TypicalMistakes } from '@lectern/contracts/exams/exam-statistics.schemas';
import { activities } from '../../db/schema/activities.ts';
import { courses } from '../../db/schema/courses.ts';
import {
  createExamWorld,
  createOpenExam,
  paperSubjects,
  takeExam,
  type ExamWorld,
} from '../../test/exam-taking-factories.ts';
import type { Session } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

// Visitors' typical mistakes of a public course (issue 18): an opt-in of the teaching team, off by default;
// off, private or unknown all answer alike. Only closed exams, only wrong choices, nobody named.
let t: TestApp;
let w: ExamWorld;
let examId: number;

const pick = (content: string, isAnswer: boolean) => ({ content, is_answer: isAnswer });
const SETTINGS = {
  public_scope: 'public',
  classification_id: null,
  sign_up_charge_amount: null,
  certification_title: null,
  credit_state: null,
};

beforeAll(async () => {
  t = await createTestApp();
  w = await createExamWorld(t, 3);
  const exam = await createOpenExam(t, w, [
    {
      type: 'single_selection',
      description: '<p>Capital of Australia?</p>',
      point: 1,
      options: [pick('Canberra', true), pick('Sydney', false), pick('Melbourne', false)],
    },
  ]);
  examId = exam.id;
  const [q] = await paperSubjects(t, exam.id);
  const [, sydney, melbourne] = q!.options;
  for (const [i, option] of [sydney, sydney, melbourne].entries()) {
    await takeExam(t, exam.id, w.students[i]!.session, [
      { subject_id: q!.id, answer_option_ids: [option!.id] },
    ]);
  }
});
afterAll(async () => t.close());

const url = (id: number) => `/anonymous-api/courses/${id}/typical-mistakes`;
const anonymous = (id = w.course.id, session?: Session) =>
  t.app.inject({ method: 'GET', url: url(id), ...(session ? { headers: session.headers } : {}) });
const saveSettings = (session: Session, body: object) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/courses/${w.course.id}/public-settings`,
    headers: session.headers,
    payload: body,
  });

async function expectLikeMissing() {
  for (const session of [undefined, w.teacherSession]) {
    const missing = await anonymous(999_999, session);
    const res = await anonymous(w.course.id, session);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: missing.json().code, message: missing.json().message });
  }
}

describe('typical mistakes for visitors', () => {
  it('are off by default: a public course answers like a missing one', async () => {
    const settings = await t.app.inject({
      method: 'GET',
      url: `/api/courses/${w.course.id}/public-settings`,
      headers: w.teacherSession.headers,
    });
    expect(settings.json()).toMatchObject({ public_typical_mistakes: false });
    expect((await saveSettings(w.teacherSession, SETTINGS)).statusCode).toBe(200);
    await expectLikeMissing();
  });

  it('are turned on by the teaching team only, and kept when a save leaves the switch out', async () => {
    const refused = await saveSettings(w.students[0]!.session, {
      ...SETTINGS,
      public_typical_mistakes: true,
    });
    expect(refused.statusCode).toBe(403);
    const on = await saveSettings(w.teacherSession, { ...SETTINGS, public_typical_mistakes: true });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toMatchObject({ public_scope: 'public', public_typical_mistakes: true });
    const kept = await saveSettings(w.teacherSession, { ...SETTINGS, certification_title: 'Geography' });
    expect(kept.json()).toMatchObject({ public_typical_mistakes: true, certification_title: 'Geography' });
  });

  it('show nothing of an exam still open, then the closed exam without naming anyone', async () => {
    const open = await anonymous();
    expect(open.statusCode).toBe(200);
    expect(open.json<TypicalMistakes>().items).toEqual([]);

    await t.db
      .update(activities)
      .set({ endTime: new Date(Date.now() - 60_000) })
      .where(eq(activities.id, examId));
    const closed = await anonymous();
    expect(closed.statusCode).toBe(200);
    const [item] = closed.json<TypicalMistakes>().items;
    expect(item).toMatchObject({
      exam_id: examId,
      description: 'Capital of Australia?',
      responses: 3,
      wrong_count: 3,
      common_wrong_answers: [
        { content: 'Sydney', count: 2 },
        { content: 'Melbourne', count: 1 },
      ],
    });
    for (const i of [1, 2, 3]) expect(closed.body).not.toContain(`Student ${i}`);
    expect(closed.body).not.toContain('S1-');
  });

  it('answer like a missing course once the course is private again, or the switch is off', async () => {
    await t.db.update(courses).set({ publicScope: 'org' }).where(eq(courses.id, w.course.id));
    await expectLikeMissing();
    await t.db.update(courses).set({ publicScope: 'public' }).where(eq(courses.id, w.course.id));
    expect((await anonymous()).statusCode).toBe(200);
    expect(
      (await saveSettings(w.teacherSession, { ...SETTINGS, public_typical_mistakes: false })).statusCode,
    ).toBe(200);
    await expectLikeMissing();
  });
});
