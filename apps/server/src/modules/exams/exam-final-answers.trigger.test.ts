import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { examFinalAnswers, examPaperInstances, examSubmissions } from '../../db/schema/exam-submissions.ts';
import { activities } from '../../db/schema/activities.ts';
import { users } from '../../db/schema/identity.ts';
import { createExamWorld, createOpenExam, type ExamWorld } from '../../test/exam-taking-factories.ts';
import { singleChoice } from '../../test/exams-factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

// The final answers are derived by the trigger of migrations 0023/0032/0036 from whatever a writer stores;
// these tests write submissions straight into the table, as any writer (hand-in, marking, purge) would.

let t: TestApp;
let w: ExamWorld;

beforeAll(async () => {
  t = await createTestApp();
  w = await createExamWorld(t, 3);
});
afterAll(async () => t.close());

type Entry = Record<string, unknown>;

async function handIn(examId: number, studentIndex: number, answers: unknown, scores: unknown, attempt = 1) {
  const userId = w.students[studentIndex]!.user.id;
  const [instance] = await t.db
    .insert(examPaperInstances)
    .values({ activityId: examId, userId, attempt, layout: [] })
    .returning({ id: examPaperInstances.id });
  const [row] = await t.db
    .insert(examSubmissions)
    .values({
      activityId: examId,
      instanceId: instance!.id,
      examineeId: userId,
      status: 'submitted',
      submissionData: answers as never,
      scoreData: scores as never,
      submittedAt: new Date(Date.now() + attempt * 1000),
    })
    .returning({ id: examSubmissions.id });
  return { submissionId: row!.id, instanceId: instance!.id, userId };
}

async function finalRows(examId: number, userId: number) {
  return t.db
    .select({
      subjectId: examFinalAnswers.subjectId,
      submissionId: examFinalAnswers.submissionId,
      optionIds: examFinalAnswers.optionIds,
      answer: examFinalAnswers.answer,
      correct: examFinalAnswers.correct,
      score: examFinalAnswers.score,
    })
    .from(examFinalAnswers)
    .where(and(eq(examFinalAnswers.activityId, examId), eq(examFinalAnswers.examineeId, userId)))
    .orderBy(asc(examFinalAnswers.subjectId));
}

describe('exam final answers (trigger)', () => {
  it('stores the first entry of each question from the answers and the scores, ignoring malformed ids', async () => {
    const exam = await createOpenExam(t, w, [singleChoice(5)]);
    const answers: unknown[] = [
      { subject_id: 11, answer_option_ids: [1], answer: 'first' },
      { subject_id: 11, answer_option_ids: [2], answer: 'second' },
      { subject_id: 12, answer: 'only answered' },
      { subject_id: '13', answer: 'string id: not a question' },
      { subject_id: 1.5, answer: 'fraction: not a question' },
      'not an object',
    ];
    const scores: Entry[] = [
      { subject_id: 11, correct: true, score: 5 },
      { subject_id: 11, correct: false, score: 0 },
      { subject_id: 14, correct: false, score: 0 },
    ];
    const { submissionId, userId } = await handIn(exam.id, 0, answers, scores);

    expect(await finalRows(exam.id, userId)).toEqual([
      { subjectId: 11, submissionId, optionIds: [1], answer: 'first', correct: true, score: 5 },
      { subjectId: 12, submissionId, optionIds: [], answer: 'only answered', correct: null, score: null },
      // Scored but not answered (a blank hand-in of a graded question) is a row too.
      { subjectId: 14, submissionId, optionIds: [], answer: null, correct: false, score: 0 },
    ]);
  });

  it('follows the latest submitted attempt, and a deleted one gives way to the one before', async () => {
    const exam = await createOpenExam(t, w, [singleChoice(5)]);
    const first = await handIn(exam.id, 1, [{ subject_id: 21, answer: 'try 1' }], [], 1);
    const second = await handIn(exam.id, 1, [{ subject_id: 21, answer: 'try 2' }], [], 2);
    expect((await finalRows(exam.id, first.userId)).map((r) => [r.submissionId, r.answer])).toEqual([
      [second.submissionId, 'try 2'],
    ]);

    await t.db.delete(examPaperInstances).where(eq(examPaperInstances.id, second.instanceId));
    expect((await finalRows(exam.id, first.userId)).map((r) => [r.submissionId, r.answer])).toEqual([
      [first.submissionId, 'try 1'],
    ]);
  });

  it('goes with the exam and with the examinee, through their submissions', async () => {
    const exam = await createOpenExam(t, w, [singleChoice(5)]);
    const kept = await handIn(exam.id, 0, [{ subject_id: 31, answer: 'a' }], []);
    const leaving = await handIn(exam.id, 2, [{ subject_id: 31, answer: 'b' }], []);

    await t.db.delete(users).where(eq(users.id, leaving.userId));
    expect(await finalRows(exam.id, leaving.userId)).toEqual([]);
    expect(await finalRows(exam.id, kept.userId)).toHaveLength(1);

    await t.db.delete(activities).where(eq(activities.id, exam.id));
    expect(await finalRows(exam.id, kept.userId)).toEqual([]);
  });
});
