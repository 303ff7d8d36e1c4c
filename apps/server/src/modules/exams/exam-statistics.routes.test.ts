import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { SubjectStatistics } from '@lectern/contracts/exams/exam-statistics.schemas';
import { examPaperInstances, examSubmissions } from '../../db/schema/exam-submissions.ts';
import {
  caller,
  createExamWorld,
  createOpenExam,
  paperSubjects,
  takeExam,
  type ExamWorld,
} from '../../test/exam-taking-factories.ts';
import { singleChoice } from '../../test/exams-factories.ts';
import { addMember, createUser, loginAs } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { examStatisticsRepository } from './exam-statistics.repository.ts';

let t: TestApp;
let w: ExamWorld;
let as: ReturnType<typeof caller>;

beforeAll(async () => {
  t = await createTestApp();
  w = await createExamWorld(t, 4);
  as = caller(t);
});
afterAll(async () => t.close());

const student = (i: number) => w.students[i]!.session;

const pick = (content: string, isAnswer: boolean) => ({ content, is_answer: isAnswer });

/**
 * An exam of two single-choice questions taken by three of the four students:
 *   Student 1: Q1 B (right), Q2 right · Student 2: Q1 A (wrong), Q2 right · Student 3: Q1 C (wrong), Q2 wrong
 *   Student 4 hands in nothing.
 */
async function takenExam() {
  const exam = await createOpenExam(t, w, [
    {
      type: 'single_selection',
      description: '<p>Capital of France?</p>',
      point: 1,
      options: [pick('Lyon', false), pick('Paris', true), pick('Nice', false)],
    },
    {
      type: 'single_selection',
      description: '<p>2 + 2?</p>',
      point: 1,
      options: [pick('4', true), pick('5', false)],
    },
  ]);
  const [q1, q2] = await paperSubjects(t, exam.id);
  const [a, b, c] = q1!.options;
  const [right2, wrong2] = q2!.options;
  const answers = (one: number, two: number) => [
    { subject_id: q1!.id, answer_option_ids: [one] },
    { subject_id: q2!.id, answer_option_ids: [two] },
  ];
  await takeExam(t, exam.id, student(0), answers(b!.id, right2!.id));
  await takeExam(t, exam.id, student(1), answers(a!.id, right2!.id));
  await takeExam(t, exam.id, student(2), answers(c!.id, wrong2!.id));
  return { exam, q1: q1!, q2: q2!, a: a!, b: b!, c: c! };
}

const statistics = (examId: number, subjectId: number, query = '', session = w.teacherSession) =>
  as(session, { method: 'GET', url: `/api/exams/${examId}/subjects/${subjectId}/statistics${query}` });

describe('answer statistics of an exam question', () => {
  it('counts right, wrong and unsubmitted students and how often each option was chosen', async () => {
    const { exam, q1, a, b, c } = await takenExam();
    const res = await statistics(exam.id, q1.id);
    expect(res.statusCode).toBe(200);
    const body = res.json<SubjectStatistics>();
    expect(body.subject).toMatchObject({ id: q1.id, type: 'single_selection', point: 1 });
    expect(body.summary).toEqual({
      studentsCount: 4,
      submitterCount: 3,
      correctCount: 1,
      wrongCount: 2,
      correctRate: 0.3333,
    });
    expect(body.options).toEqual([
      { id: a.id, sort: a.sort, content: 'Lyon', isAnswer: false, chosenCount: 1 },
      { id: b.id, sort: b.sort, content: 'Paris', isAnswer: true, chosenCount: 1 },
      { id: c.id, sort: c.sort, content: 'Nice', isAnswer: false, chosenCount: 1 },
    ]);
    expect(body.total).toBe(4);
    expect(body.items.map((r) => [r.name, r.isAnswerRight, r.unsubmitted])).toEqual([
      ['Student 1', true, false],
      ['Student 2', false, false],
      ['Student 3', false, false],
      ['Student 4', null, true],
    ]);
    expect(body.items[1]).toMatchObject({
      userId: w.students[1]!.user.id,
      userNo: w.students[1]!.user.userNo,
      answerOptionIds: [a.id],
    });
  });

  it('filters by option, by unsubmitted and by keyword, and pages the students', async () => {
    const { exam, q1, a } = await takenExam();
    const byOption = (await statistics(exam.id, q1.id, `?option_id=${a.id}`)).json<SubjectStatistics>();
    expect(byOption.items.map((r) => r.name)).toEqual(['Student 2']);
    expect(byOption.total).toBe(1);
    // The summary is the whole class's whatever the filter.
    expect(byOption.summary.studentsCount).toBe(4);

    const unsubmitted = (await statistics(exam.id, q1.id, '?unsubmitted=true')).json<SubjectStatistics>();
    expect(unsubmitted.items).toEqual([
      expect.objectContaining({ name: 'Student 4', isAnswerRight: null, answerOptionIds: [] }),
    ]);

    const search = (await statistics(exam.id, q1.id, '?keyword=student%203')).json<SubjectStatistics>();
    expect(search.items.map((r) => r.name)).toEqual(['Student 3']);
    const byNumber = await statistics(exam.id, q1.id, `?keyword=${w.students[0]!.user.userNo.toLowerCase()}`);
    expect(byNumber.json<SubjectStatistics>().items.map((r) => r.name)).toEqual(['Student 1']);

    const page2 = (await statistics(exam.id, q1.id, '?page=2&page_size=3')).json<SubjectStatistics>();
    expect(page2).toMatchObject({ page: 2, page_size: 3, pages: 2, total: 4 });
    expect(page2.items.map((r) => r.name)).toEqual(['Student 4']);
  });

  it('counts a multiple choice once per chosen option and filters and pages in the database', async () => {
    const exam = await createOpenExam(t, w, [
      {
        type: 'multiple_selection',
        description: '<p>Prime numbers?</p>',
        point: 2,
        options: [pick('2', true), pick('3', true), pick('4', false)],
      },
      {
        type: 'single_selection',
        description: '<p>Other</p>',
        point: 1,
        options: [pick('x', true), pick('y', false)],
      },
    ]);
    const [q, other] = await paperSubjects(t, exam.id);
    const [two, three, four] = q!.options;
    // Student 1 is right; Student 2 picks a wrong pair; Student 3 hands in without answering this question.
    await takeExam(t, exam.id, student(0), [{ subject_id: q!.id, answer_option_ids: [two!.id, three!.id] }]);
    await takeExam(t, exam.id, student(1), [{ subject_id: q!.id, answer_option_ids: [three!.id, four!.id] }]);
    await takeExam(t, exam.id, student(2), [
      { subject_id: other!.id, answer_option_ids: [other!.options[0]!.id] },
    ]);
    const all = (await statistics(exam.id, q!.id)).json<SubjectStatistics>();
    expect(all.summary).toEqual({
      studentsCount: 4,
      submitterCount: 3,
      correctCount: 1,
      wrongCount: 2,
      correctRate: 0.3333,
    });
    expect(all.options.map((o) => o.chosenCount)).toEqual([1, 2, 1]);
    expect(all.items.map((r) => [r.name, r.answerOptionIds, r.isAnswerRight, r.unsubmitted])).toEqual([
      ['Student 1', [two!.id, three!.id], true, false],
      ['Student 2', [three!.id, four!.id], false, false],
      ['Student 3', [], false, false],
      ['Student 4', [], null, true],
    ]);

    // An option shared by two students, paged one at a time: the total counts every page.
    const first = (
      await statistics(exam.id, q!.id, `?option_id=${three!.id}&page_size=1`)
    ).json<SubjectStatistics>();
    expect(first).toMatchObject({ total: 2, pages: 2, page: 1 });
    expect(first.items.map((r) => r.name)).toEqual(['Student 1']);
    const second = (
      await statistics(exam.id, q!.id, `?option_id=${three!.id}&page_size=1&page=2`)
    ).json<SubjectStatistics>();
    expect(second.items.map((r) => r.name)).toEqual(['Student 2']);
    const beyond = (
      await statistics(exam.id, q!.id, `?option_id=${three!.id}&page_size=1&page=5`)
    ).json<SubjectStatistics>();
    expect(beyond).toMatchObject({ total: 2, items: [] });

    // Keyword and unsubmitted together; a keyword's % and _ are plain characters, not patterns.
    const both = await statistics(exam.id, q!.id, '?unsubmitted=true&keyword=STUDENT%204');
    expect(both.json<SubjectStatistics>().items.map((r) => r.name)).toEqual(['Student 4']);
    const none = await statistics(exam.id, q!.id, '?unsubmitted=true&keyword=student%201');
    expect(none.json<SubjectStatistics>()).toMatchObject({ total: 0, items: [], pages: 1 });
    for (const pattern of ['%25', '_']) {
      const literal = (await statistics(exam.id, q!.id, `?keyword=${pattern}`)).json<SubjectStatistics>();
      expect(literal).toMatchObject({ total: 0, items: [] });
    }
    // The summary stays the whole class's under every filter.
    expect(none.json<SubjectStatistics>().summary.studentsCount).toBe(4);
  });

  it('refuses an option of another question and both filters at once', async () => {
    const { exam, q1, q2, a } = await takenExam();
    expect((await statistics(exam.id, q1.id, `?option_id=${q2.options[0]!.id}`)).statusCode).toBe(400);
    expect((await statistics(exam.id, q1.id, `?option_id=${a.id}&unsubmitted=1`)).statusCode).toBe(400);
  });

  it('answers 404 for a question of another exam', async () => {
    const first = await takenExam();
    const other = await createOpenExam(t, w, []);
    expect((await statistics(other.id, first.q1.id)).statusCode).toBe(404);
  });

  it('shows the statistics to assistants and refuses students and simulating instructors', async () => {
    const { exam, q1 } = await takenExam();
    const assistant = await createUser(t, w.org.id, { name: 'Assistant' });
    await addMember(t, w.course.id, assistant.id, ['instructor_assistant']);
    expect((await statistics(exam.id, q1.id, '', await loginAs(t, assistant))).statusCode).toBe(200);
    expect((await statistics(exam.id, q1.id, '', student(0))).statusCode).toBe(403);
    expect((await statistics(exam.id, q1.id, '', w.simulatingSession)).statusCode).toBe(403);
    const outsider = await createUser(t, w.org.id, { name: 'Outsider' });
    expect([403, 404]).toContain(
      (await statistics(exam.id, q1.id, '', await loginAs(t, outsider))).statusCode,
    );
    expect(
      (await as(student(0), { method: 'GET', url: `/api/exams/${exam.id}/item-analysis` })).statusCode,
    ).toBe(403);
    expect(
      (await as(student(0), { method: 'GET', url: `/api/courses/${w.course.id}/typical-mistakes` }))
        .statusCode,
    ).toBe(403);
  });
});

describe('answer statistics from the per-answer rows', () => {
  /**
   * What the statistics must say, worked out here from the submissions' own json (the latest final
   * submission per student; right is the grading's verdict, else full points): the rows the trigger keeps
   * have to agree with it whoever wrote the submission and however.
   */
  async function expected(examId: number, subjectId: number, point: number) {
    const finals = await examStatisticsRepository.finalSubmissions([examId], false, t.db);
    return w.students.map(({ user }) => {
      const final = finals.find((f) => f.examineeId === user.id);
      const answer = final?.submissionData.find((a) => a.subject_id === subjectId);
      const score = final?.scoreData.find((s) => s.subject_id === subjectId);
      const right = !final
        ? null
        : typeof score?.correct === 'boolean'
          ? score.correct
          : (score?.score ?? 0) >= point && point > 0;
      return [user.id, !final, final ? (answer?.answer_option_ids ?? []) : [], right];
    });
  }

  async function actual(examId: number, subjectId: number) {
    const body = (await statistics(examId, subjectId, '?page_size=50')).json<SubjectStatistics>();
    const rows = w.students.map(({ user }) => {
      const item = body.items.find((i) => i.userId === user.id)!;
      return [user.id, item.unsubmitted, item.answerOptionIds, item.isAnswerRight];
    });
    return { rows, summary: body.summary };
  }

  async function agree(examId: number, subjectId: number) {
    const want = await expected(examId, subjectId, 1);
    const got = await actual(examId, subjectId);
    expect(got.rows).toEqual(want);
    expect(got.summary.submitterCount).toBe(want.filter((r) => r[1] === false).length);
    expect(got.summary.correctCount).toBe(want.filter((r) => r[3] === true).length);
    return got;
  }

  it('follows hand-ins, marking, a later attempt, its deletion and a withdrawn hand-in', async () => {
    const { exam, q1, q2, b } = await takenExam();
    expect((await agree(exam.id, q1.id)).summary.correctCount).toBe(1);
    await agree(exam.id, q2.id);
    const submissionOf = async (i: number) => {
      const [row] = await t.db
        .select()
        .from(examSubmissions)
        .where(
          and(
            eq(examSubmissions.activityId, exam.id),
            eq(examSubmissions.examineeId, w.students[i]!.user.id),
          ),
        );
      return row!;
    };

    // A marking that overrides the verdict (any writer of score_data, not only the marking service).
    const first = await submissionOf(0);
    await t.db
      .update(examSubmissions)
      .set({
        scoreData: first.scoreData!.map((s) =>
          s.subject_id === q1.id ? { ...s, score: 0, correct: null, auto: false } : s,
        ),
      })
      .where(eq(examSubmissions.id, first.id));
    expect((await agree(exam.id, q1.id)).summary.correctCount).toBe(0);

    // A later attempt of Student 2, now right: the latest final submission counts.
    const second = await submissionOf(1);
    const [instance] = await t.db
      .insert(examPaperInstances)
      .values({ activityId: exam.id, userId: w.students[1]!.user.id, attempt: 2, layout: [] })
      .returning();
    const [retake] = await t.db
      .insert(examSubmissions)
      .values({
        activityId: exam.id,
        instanceId: instance!.id,
        examineeId: w.students[1]!.user.id,
        status: 'submitted',
        submissionData: [
          { subject_id: q1.id, parent_id: null, answer_option_ids: [b.id], answer: null, answers: [] },
        ],
        scoreData: second.scoreData!.map((s) =>
          s.subject_id === q1.id ? { ...s, score: 1, correct: true } : s,
        ),
        submittedAt: new Date(second.submittedAt!.getTime() + 60_000),
      })
      .returning();
    const later = await agree(exam.id, q1.id);
    expect(later.rows[1]).toEqual([w.students[1]!.user.id, false, [b.id], true]);
    // Question 2 is in the retake's scores but not its answers: handed in blank, so wrong, not missing.
    expect((await agree(exam.id, q2.id)).rows[1]).toEqual([w.students[1]!.user.id, false, [], true]);

    // The later attempt deleted: the earlier one is the latest again.
    await t.db.delete(examSubmissions).where(eq(examSubmissions.id, retake!.id));
    expect((await agree(exam.id, q1.id)).rows[1]![3]).toBe(false);

    // A hand-in turned back into a draft no longer counts as submitted.
    const third = await submissionOf(2);
    await t.db.update(examSubmissions).set({ status: 'draft' }).where(eq(examSubmissions.id, third.id));
    expect((await agree(exam.id, q1.id)).summary.submitterCount).toBe(2);
  });
});

describe('answer statistics of a classroom question', () => {
  it('counts the answers given in class so far', async () => {
    const exam = await createOpenExam(
      t,
      w,
      [
        {
          type: 'single_selection',
          description: '<p>Now?</p>',
          point: 1,
          options: [pick('Yes', true), pick('No', false)],
        },
      ],
      { type: 'classroom_exam', startTime: null, endTime: null },
    );
    const [q] = await paperSubjects(t, exam.id);
    const [yes, no] = q!.options;
    await as(w.teacherSession, {
      method: 'POST',
      url: `/api/classroom-exams/${exam.id}/subjects/${q!.id}/release`,
    });
    const answer = (i: number, optionId: number) =>
      as(student(i), {
        method: 'POST',
        url: `/api/classroom/${exam.id}/submit/${q!.id}`,
        payload: { answer_option_ids: [optionId] },
      });
    expect((await answer(0, yes!.id)).statusCode).toBe(200);
    expect((await answer(1, no!.id)).statusCode).toBe(200);
    const body = (await statistics(exam.id, q!.id)).json<SubjectStatistics>();
    expect(body.summary).toEqual({
      studentsCount: 4,
      submitterCount: 2,
      correctCount: 1,
      wrongCount: 1,
      correctRate: 0.5,
    });
    expect(body.options.map((o) => o.chosenCount)).toEqual([1, 1]);
    expect(body.items.filter((r) => r.unsubmitted).map((r) => r.name)).toEqual(['Student 3', 'Student 4']);
  });

  it('tells the course push stream that the answers changed, so an open modal refetches', async () => {
    const exam = await createOpenExam(t, w, [singleChoice(1, 'Live')], {
      type: 'classroom_exam',
      startTime: null,
      endTime: null,
    });
    const [q] = await paperSubjects(t, exam.id);
    await as(w.teacherSession, {
      method: 'POST',
      url: `/api/classroom-exams/${exam.id}/subjects/${q!.id}/release`,
    });
    const url = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const stream = await fetch(`${url}/api/push/stream`, { headers: w.teacherSession.headers });
    const reader = stream.body!.getReader();
    const decoder = new TextDecoder();
    try {
      const submitted = await as(student(0), {
        method: 'POST',
        url: `/api/classroom/${exam.id}/submit/${q!.id}`,
        payload: { answer_option_ids: [q!.options[0]!.id] },
      });
      expect(submitted.statusCode).toBe(200);
      let text = '';
      const deadline = Date.now() + 5000;
      while (!text.includes('exam.answers_changed') && Date.now() < deadline) {
        const { value, done } = await reader.read();
        if (done) break;
        text += decoder.decode(value, { stream: true });
      }
      const line = text.split('\n').find((l) => l.startsWith('data: ') && l.includes('exam.answers_changed'));
      expect(JSON.parse(line!.slice('data: '.length))).toEqual({
        course_id: w.course.id,
        type: 'exam.answers_changed',
        data: { exam_id: exam.id, subject_id: q!.id },
      });
    } finally {
      await reader.cancel();
    }
  });
});

describe('item analysis and typical mistakes', () => {
  it('computes facility, discrimination and alpha from the final submissions', async () => {
    const { exam, q1, q2, a } = await takenExam();
    const res = await as(w.teacherSession, { method: 'GET', url: `/api/exams/${exam.id}/item-analysis` });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    // Scores Q1/Q2: Student 1 1/1, Student 2 0/1, Student 3 0/0. Totals 2, 1, 0 (variance 2/3);
    // item variances 2/9 each, so alpha = 2 · (1 - (4/9)/(2/3)) = 2/3.
    expect(body).toMatchObject({
      exam_id: exam.id,
      submitter_count: 3,
      mean_score: 1,
      cronbach_alpha: 0.6667,
    });
    const [one, two] = body.items;
    expect(one).toMatchObject({
      subject_id: q1.id,
      number: 1,
      responses: 3,
      facility_index: 0.3333,
      // One student in each 27% group: Student 1 (right) and Student 3 (wrong).
      discrimination_index: 1,
    });
    expect(two).toMatchObject({ subject_id: q2.id, facility_index: 0.6667, discrimination_index: 1 });
    expect(one.point_biserial).toBeGreaterThan(0.8);
    expect(one.distractors.find((d: { option_id: number }) => d.option_id === a.id)).toMatchObject({
      content: 'Lyon',
      chosen_count: 1,
      upper_count: 0,
      lower_count: 0,
    });
  });

  it('lists the course questions answered wrong most, with their common wrong answers', async () => {
    const world = await createExamWorld(t, 3);
    const exam = await createOpenExam(t, world, [
      {
        type: 'single_selection',
        description: '<p>Hard</p>',
        point: 1,
        options: [pick('Right', true), pick('Usual slip', false), pick('Rare slip', false)],
      },
      {
        type: 'single_selection',
        description: '<p>Easy</p>',
        point: 1,
        options: [pick('Right', true), pick('Wrong', false)],
      },
    ]);
    const [hard, easy] = await paperSubjects(t, exam.id);
    const [, usual, rare] = hard!.options;
    const [easyRight, easyWrong] = easy!.options;
    const hand = (i: number, h: number, e: number) =>
      takeExam(t, exam.id, world.students[i]!.session, [
        { subject_id: hard!.id, answer_option_ids: [h] },
        { subject_id: easy!.id, answer_option_ids: [e] },
      ]);
    await hand(0, usual!.id, easyRight!.id);
    await hand(1, usual!.id, easyWrong!.id);
    await hand(2, rare!.id, easyRight!.id);
    const res = await caller(t)(world.teacherSession, {
      method: 'GET',
      url: `/api/courses/${world.course.id}/typical-mistakes`,
    });
    expect(res.statusCode).toBe(200);
    const items = res.json().items;
    expect(items.map((i: { subject_id: number }) => i.subject_id)).toEqual([hard!.id, easy!.id]);
    expect(items[0]).toMatchObject({
      exam_id: exam.id,
      description: 'Hard',
      responses: 3,
      wrong_count: 3,
      wrong_rate: 1,
      common_wrong_answers: [
        { answer_option_ids: [usual!.id], content: 'Usual slip', count: 2 },
        { answer_option_ids: [rare!.id], content: 'Rare slip', count: 1 },
      ],
    });
    expect(items[1]).toMatchObject({ wrong_count: 1, wrong_rate: 0.3333 });
  });
});
