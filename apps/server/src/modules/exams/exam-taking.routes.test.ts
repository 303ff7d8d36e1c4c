import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { activities } from '../../db/schema/activities.ts';
import { examPaperInstances, examSubmissions } from '../../db/schema/exam-submissions.ts';
import { examMakeupUsers } from '../../db/schema/exams.ts';
import {
  caller,
  createExamWorld,
  createOpenExam,
  paperSubjects,
  rightAnswers,
  type ExamWorld,
} from '../../test/exam-taking-factories.ts';
import { everyTypeInputs, singleChoice } from '../../test/exams-factories.ts';
import { createGroup, createGroupSet, createUser, loginAs } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { examTakingRepository } from './exam-taking.repository.ts';
import { paperVersionSql } from './paper-version.ts';

let t: TestApp;
let w: ExamWorld;
let as: ReturnType<typeof caller>;
const HOUR = 3600_000;

beforeAll(async () => {
  t = await createTestApp();
  w = await createExamWorld(t, 3);
  as = caller(t);
});
afterAll(async () => t.close());

const student = (i: number) => w.students[i]!.session;
const distribute = (session = student(0), examId: number) =>
  as(session, { method: 'GET', url: `/api/exams/${examId}/distribute` });
const submit = (session: typeof w.teacherSession, examId: number, payload: object) =>
  as(session, { method: 'POST', url: `/api/exams/${examId}/submissions`, payload });

describe('the paper every start reads (cached per exam and paper version)', () => {
  const teach = (method: 'POST' | 'PUT' | 'DELETE' | 'GET', url: string, payload?: object) =>
    as(w.teacherSession, { method, url, ...(payload ? { payload } : {}) });
  const texts = (res: { json(): { subjects: { description: string }[] } }) =>
    res
      .json()
      .subjects.map((s) => s.description)
      .sort();
  const versionOf = async (examId: number) => {
    const [row] = await t.db
      .select({ version: paperVersionSql })
      .from(activities)
      .where(eq(activities.id, examId));
    return row?.version;
  };

  it('shows every write to the paper made before the first start: added, edited, deleted, restored', async () => {
    const exam = await createOpenExam(t, w, [], { data: { random_subject_order: false } });
    // Read (and cached) empty: nothing to take yet.
    expect((await distribute(student(0), exam.id)).statusCode).toBe(403);
    const versions = [await versionOf(exam.id)];

    const added = await teach('POST', `/api/exams/${exam.id}/subjects`, {
      subjects: [singleChoice(1, 'First'), singleChoice(1, 'Second')],
    });
    expect(added.statusCode).toBe(201);
    versions.push(await versionOf(exam.id));
    const [first, second] = added.json().subjects as { id: number }[];
    expect(
      (await teach('PUT', `/api/subjects/${first!.id}`, singleChoice(1, 'First, edited'))).statusCode,
    ).toBe(200);
    versions.push(await versionOf(exam.id));
    expect((await teach('DELETE', `/api/subjects/${second!.id}`)).statusCode).toBe(200);
    versions.push(await versionOf(exam.id));
    const bin = await teach('GET', `/api/courses/${w.course.id}/recycle-bin`);
    const item = (bin.json().items as { id: number; type: string; item_id: number }[]).find(
      (i) => i.type === 'question' && i.item_id === second!.id,
    );
    expect((await teach('POST', `/api/recycle-bin/${item!.id}/restore`)).statusCode).toBe(200);
    versions.push(await versionOf(exam.id));
    // Each write moved the version on, so no process can serve the paper it read before.
    expect(new Set(versions).size).toBe(versions.length);

    const res = await distribute(student(0), exam.id);
    expect(res.statusCode).toBe(200);
    expect(texts(res)).toEqual(['<p>First, edited</p>', '<p>Second</p>']);
    // Once handed out the paper is fixed, and every later start gets the same questions.
    expect(texts(await distribute(student(1), exam.id))).toEqual(texts(res));
    expect((await teach('PUT', `/api/subjects/${first!.id}`, singleChoice(1, 'Too late'))).statusCode).toBe(
      409,
    );
  });

  it('writes no attempt laid out from a paper an author changed meanwhile', async () => {
    const exam = await createOpenExam(t, w, [singleChoice(1, 'Before')]);
    const before = await versionOf(exam.id);
    const [subject] = await paperSubjects(t, exam.id);
    expect((await teach('PUT', `/api/subjects/${subject!.id}`, singleChoice(1, 'After'))).statusCode).toBe(
      200,
    );
    const repo = examTakingRepository(t.db);
    const stale = await repo.createAttempt({
      examId: exam.id,
      userId: w.students[0]!.user.id,
      isMakeup: false,
      attempt: 1,
      layout: [{ subject_id: subject!.id, option_ids: [], sub: [] }],
      groupId: null,
      paperVersion: before!,
    });
    expect(stale).toBe('paper_changed');
    const rows = await t.db
      .select({ id: examPaperInstances.id })
      .from(examPaperInstances)
      .where(eq(examPaperInstances.activityId, exam.id));
    expect(rows).toEqual([]);
    const res = await distribute(student(0), exam.id);
    expect(res.statusCode).toBe(200);
    expect(texts(res)).toEqual(['<p>After</p>']);
  });
});

describe('distributing a paper', () => {
  it('gives the student a paper without any answers in it', async () => {
    const exam = await createOpenExam(t, w, everyTypeInputs());
    const res = await distribute(student(0), exam.id);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.exam_paper_instance_id).toEqual(expect.any(Number));
    expect(body.attempt).toBe(1);
    expect(body.draft_data).toBeNull();
    expect(body.subjects).toHaveLength(9);
    const text = res.body;
    expect(text).not.toContain('is_answer');
    expect(text).not.toContain('"answers"');
    expect(text).not.toContain('A function calling itself');
    expect(text).not.toContain('option_sort');
    const fill = body.subjects.find((s: { type: string }) => s.type === 'fill_in_blank');
    expect(fill.blank_count).toBe(1);
    const cloze = body.subjects.find((s: { type: string }) => s.type === 'cloze');
    expect(cloze.sub_subjects).toHaveLength(2);
  });

  it('resumes the open attempt on reload: same instance, same order, the latest draft', async () => {
    const exam = await createOpenExam(
      t,
      w,
      [singleChoice(1, 'A'), singleChoice(1, 'B'), singleChoice(1, 'C')],
      {
        data: { random_subject_order: true, random_option_order: true },
      },
    );
    const first = (await distribute(student(0), exam.id)).json();
    const subject = first.subjects[0];
    const saved = await submit(student(0), exam.id, {
      exam_paper_instance_id: first.exam_paper_instance_id,
      exam_finished: false,
      subjects: [{ subject_id: subject.id, answer_option_ids: [subject.options[1].id] }],
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ status: 'draft', submitted_at: null });
    const again = (await distribute(student(0), exam.id)).json();
    expect(again.exam_paper_instance_id).toBe(first.exam_paper_instance_id);
    expect(again.created_at).toBe(first.created_at);
    expect(again.subjects.map((s: { id: number }) => s.id)).toEqual(
      first.subjects.map((s: { id: number }) => s.id),
    );
    expect(again.subjects[0].options.map((o: { id: number }) => o.id)).toEqual(
      subject.options.map((o: { id: number }) => o.id),
    );
    expect(again.draft_data).toEqual([
      {
        subject_id: subject.id,
        parent_id: null,
        answer_option_ids: [subject.options[1].id],
        answer: null,
        answers: [],
      },
    ]);
    expect(again.draft_saved_at).toBe(saved.json().saved_at);
  });

  it('keeps the latest of several drafts', async () => {
    const exam = await createOpenExam(t, w, [singleChoice(2)]);
    const paper = (await distribute(student(1), exam.id)).json();
    const [q] = paper.subjects;
    for (const option of q.options) {
      await submit(student(1), exam.id, {
        exam_paper_instance_id: paper.exam_paper_instance_id,
        examFinished: 0,
        subjects: [{ subject_id: q.id, answer_option_ids: [option.id] }],
      });
    }
    const resumed = (await distribute(student(1), exam.id)).json();
    expect(resumed.draft_data[0].answer_option_ids).toEqual([q.options.at(-1).id]);
  });

  it('gives make-up users the make-up paper', async () => {
    const exam = await createOpenExam(t, w, [singleChoice(1, 'Main')], {
      data: { has_make_up_user: true },
      makeupInputs: [singleChoice(1, 'Makeup')],
    });
    await t.db.insert(examMakeupUsers).values({ activityId: exam.id, userId: w.students[2]!.user.id });
    const makeup = (await distribute(student(2), exam.id)).json();
    expect(makeup.is_makeup_exam).toBe(true);
    expect(makeup.subjects[0].description).toContain('Makeup');
    const main = (await distribute(student(0), exam.id)).json();
    expect(main.is_makeup_exam).toBe(false);
    expect(main.subjects[0].description).toContain('Main');
  });

  it('refuses outside the time window, without attempts left, and with no questions', async () => {
    const early = await createOpenExam(t, w, [singleChoice(1)], { startTime: new Date(Date.now() + HOUR) });
    const notStarted = await distribute(student(0), early.id);
    expect(notStarted.statusCode).toBe(403);
    expect(notStarted.json().message).toBe('This exam has not started yet.');
    const late = await createOpenExam(t, w, [singleChoice(1)], {
      startTime: new Date(Date.now() - 2 * HOUR),
      endTime: new Date(Date.now() - HOUR),
    });
    expect((await distribute(student(0), late.id)).json().message).toMatch(/has ended/);
    const empty = await createOpenExam(t, w, []);
    const none = await distribute(student(0), empty.id);
    expect(none.statusCode).toBe(403);
    expect(none.json().message).toBe('This exam has no questions yet.');
  });

  it('refuses the teaching team and a simulating instructor', async () => {
    const exam = await createOpenExam(t, w, [singleChoice(1)]);
    const teacher = await distribute(w.teacherSession, exam.id);
    expect(teacher.statusCode).toBe(403);
    expect(teacher.json().code).toBe('forbidden');
    const simulating = await distribute(w.simulatingSession, exam.id);
    expect(simulating.statusCode).toBe(403);
    expect(simulating.json().code).toBe('simulating_read_only');
  });

  it('hides an unpublished exam from students', async () => {
    const exam = await createOpenExam(t, w, [singleChoice(1)], { published: false });
    expect((await distribute(student(0), exam.id)).statusCode).toBe(404);
  });
});

describe('handing in', () => {
  it('grades every question type and waits for the short answers to be marked', async () => {
    const exam = await createOpenExam(t, w, everyTypeInputs());
    const paper = (await distribute(student(0), exam.id)).json();
    const answers = rightAnswers(await paperSubjects(t, exam.id));
    const res = await submit(student(0), exam.id, {
      exam_paper_instance_id: paper.exam_paper_instance_id,
      exam_finished: true,
      subjects: answers,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ status: 'submitted', exam_paper_instance_id: paper.exam_paper_instance_id });
    expect(body.submitted_at).toEqual(expect.any(String));
    const [row] = await t.db.select().from(examSubmissions).where(eq(examSubmissions.id, body.id));
    expect(row!.status).toBe('submitted');
    // 23 points: 16 graded by the server, 7 in two short answers awaiting marking.
    expect(row!.autoScore).toBe(16);
    expect(row!.score).toBeNull();
    expect(row!.markStatus).toBe('unmarked');
    const pending = row!.scoreData!.filter((s) => s.score === null).map((s) => s.subject_id);
    const subjects = await paperSubjects(t, exam.id);
    const short = subjects.find((s) => s.type === 'short_answer')!;
    const analysis = subjects.find((s) => s.type === 'analysis')!;
    expect(pending.sort()).toEqual(
      [short.id, analysis.id, analysis.sub_subjects.find((s) => s.type === 'short_answer')!.id].sort(),
    );
    expect(row!.submissionData!.find((a) => a.subject_id === short.id)!.answer).toBe('<p>My essay</p>');
  });

  it('scores wrong answers 0 and gives partial credit per blank and per pair', async () => {
    const exam = await createOpenExam(t, w, [
      {
        type: 'fill_in_blank',
        description: 'Two capitals',
        point: 4,
        blanks: [{ answers: ['Paris'] }, { answers: ['Rome'] }],
      },
      singleChoice(3),
    ]);
    const paper = (await distribute(student(1), exam.id)).json();
    const [fill, choice] = await paperSubjects(t, exam.id);
    const wrong = choice!.options.find((o) => !o.is_answer)!;
    const res = await submit(student(1), exam.id, {
      exam_paper_instance_id: paper.exam_paper_instance_id,
      exam_finished: true,
      subjects: [
        {
          subject_id: fill!.id,
          answers: [
            { sort: 0, content: ' ＰＡＲＩＳ ' },
            { sort: 1, content: 'Milan' },
          ],
        },
        { subject_id: choice!.id, answer_option_ids: [wrong.id] },
      ],
    });
    const [row] = await t.db.select().from(examSubmissions).where(eq(examSubmissions.id, res.json().id));
    expect(row!.score).toBe(2);
    expect(row!.markStatus).toBe('marked');
  });

  it('hands in the saved draft when the hand-in carries no answers', async () => {
    const exam = await createOpenExam(t, w, [singleChoice(2)]);
    const paper = (await distribute(student(1), exam.id)).json();
    const [q] = await paperSubjects(t, exam.id);
    const right = q!.options.find((o) => o.is_answer)!;
    await submit(student(1), exam.id, {
      exam_paper_instance_id: paper.exam_paper_instance_id,
      exam_finished: false,
      subjects: [{ subject_id: q!.id, answer_option_ids: [right.id] }],
    });
    const untouched = await submit(student(1), exam.id, {
      exam_paper_instance_id: paper.exam_paper_instance_id,
      exam_finished: false,
    });
    expect(untouched.statusCode).toBe(200);
    const res = await submit(student(1), exam.id, {
      exam_paper_instance_id: paper.exam_paper_instance_id,
      exam_finished: true,
    });
    const [row] = await t.db.select().from(examSubmissions).where(eq(examSubmissions.id, res.json().id));
    expect(row!.submissionData![0]!.answer_option_ids).toEqual([right.id]);
    expect(row!.score).toBe(2);
  });

  it('answers the same hand-in twice with the same submission and never a second attempt', async () => {
    const exam = await createOpenExam(t, w, [singleChoice(1)], { data: { submit_times: 3 } });
    const paper = (await distribute(student(0), exam.id)).json();
    const payload = {
      exam_paper_instance_id: paper.exam_paper_instance_id,
      exam_finished: true,
      subjects: [],
    };
    const first = await submit(student(0), exam.id, payload);
    const second = await submit(student(0), exam.id, payload);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    const rows = await t.db.select().from(examSubmissions).where(eq(examSubmissions.activityId, exam.id));
    expect(rows.filter((r) => r.status === 'submitted')).toHaveLength(1);
  });

  it('takes concurrent hand-ins of one paper as one submission', async () => {
    const exam = await createOpenExam(t, w, [singleChoice(1)], { data: { submit_times: 5 } });
    const paper = (await distribute(student(2), exam.id)).json();
    const [q] = await paperSubjects(t, exam.id);
    const payload = {
      exam_paper_instance_id: paper.exam_paper_instance_id,
      exam_finished: true,
      subjects: [{ subject_id: q!.id, answer_option_ids: [q!.options.find((o) => o.is_answer)!.id] }],
    };
    const results = await Promise.all(Array.from({ length: 6 }, () => submit(student(2), exam.id, payload)));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(new Set(results.map((r) => r.json().id)).size).toBe(1);
    const rows = await t.db
      .select()
      .from(examSubmissions)
      .where(and(eq(examSubmissions.activityId, exam.id), eq(examSubmissions.status, 'submitted')));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.score).toBe(1);
    const list = (await as(student(2), { method: 'GET', url: `/api/exams/${exam.id}/submissions` })).json();
    expect(list.submissions).toHaveLength(1);
  });

  it('refuses a hand-in after the end time and keeps the saved draft', async () => {
    const exam = await createOpenExam(t, w, [singleChoice(1)]);
    const paper = (await distribute(student(0), exam.id)).json();
    const [q] = paper.subjects;
    const draft = [{ subject_id: q.id, answer_option_ids: [q.options[0].id] }];
    await submit(student(0), exam.id, {
      exam_paper_instance_id: paper.exam_paper_instance_id,
      exam_finished: false,
      subjects: draft,
    });
    await t.db
      .update(activities)
      .set({ endTime: new Date(Date.now() - 1000) })
      .where(eq(activities.id, exam.id));
    const late = await submit(student(0), exam.id, {
      exam_paper_instance_id: paper.exam_paper_instance_id,
      exam_finished: true,
      subjects: [],
    });
    expect(late.statusCode).toBe(403);
    expect(late.json().message).toBe(
      'This exam has ended and no longer accepts answers. Answers saved earlier are kept.',
    );
    const [row] = await t.db
      .select()
      .from(examSubmissions)
      .where(eq(examSubmissions.instanceId, paper.exam_paper_instance_id));
    expect(row!.status).toBe('draft');
    expect(row!.draftData![0]!.answer_option_ids).toEqual([q.options[0].id]);
  });

  it('refuses an attempt beyond submit_times', async () => {
    const exam = await createOpenExam(t, w, [singleChoice(1)]);
    const paper = (await distribute(student(1), exam.id)).json();
    await submit(student(1), exam.id, {
      exam_paper_instance_id: paper.exam_paper_instance_id,
      exam_finished: true,
    });
    const again = await distribute(student(1), exam.id);
    expect(again.statusCode).toBe(403);
    expect(again.json().message).toBe('You have used all your attempts at this exam.');
    const draftAfter = await submit(student(1), exam.id, {
      exam_paper_instance_id: paper.exam_paper_instance_id,
      exam_finished: false,
    });
    expect(draftAfter.statusCode).toBe(409);
  });

  it('starts a second attempt when two are allowed', async () => {
    const exam = await createOpenExam(t, w, [singleChoice(1)], { data: { submit_times: 2 } });
    const first = (await distribute(student(0), exam.id)).json();
    await submit(student(0), exam.id, {
      exam_paper_instance_id: first.exam_paper_instance_id,
      exam_finished: true,
    });
    const second = (await distribute(student(0), exam.id)).json();
    expect(second.attempt).toBe(2);
    expect(second.exam_paper_instance_id).not.toBe(first.exam_paper_instance_id);
    await submit(student(0), exam.id, {
      exam_paper_instance_id: second.exam_paper_instance_id,
      exam_finished: true,
    });
    expect((await distribute(student(0), exam.id)).statusCode).toBe(403);
  });

  it('refuses another student’s paper, questions not on the paper and foreign options', async () => {
    const exam = await createOpenExam(t, w, [singleChoice(1), singleChoice(1)]);
    const other = await createOpenExam(t, w, [singleChoice(1)]);
    const mine = (await distribute(student(0), exam.id)).json();
    const theirs = (await distribute(student(1), exam.id)).json();
    const wrongPaper = await submit(student(0), exam.id, {
      exam_paper_instance_id: theirs.exam_paper_instance_id,
      exam_finished: true,
    });
    expect(wrongPaper.statusCode).toBe(400);
    expect(wrongPaper.json().errors.exam_paper_instance_id).toEqual([
      'This paper is not yours or not of this exam. Open the exam again.',
    ]);
    const [foreign] = await paperSubjects(t, other.id);
    const notOnPaper = await submit(student(0), exam.id, {
      exam_paper_instance_id: mine.exam_paper_instance_id,
      exam_finished: true,
      subjects: [{ subject_id: foreign!.id, answer_option_ids: [] }],
    });
    expect(notOnPaper.statusCode).toBe(400);
    expect(notOnPaper.json().errors['subjects.0.subject_id']).toEqual([
      `Question ${foreign!.id} is not on your paper.`,
    ]);
    const [a, b] = mine.subjects;
    const foreignOption = await submit(student(0), exam.id, {
      exam_paper_instance_id: mine.exam_paper_instance_id,
      exam_finished: false,
      subjects: [{ subject_id: a.id, answer_option_ids: [b.options[0].id] }],
    });
    expect(foreignOption.statusCode).toBe(400);
    expect(Object.keys(foreignOption.json().errors)).toEqual(['subjects.0.answer_option_ids']);
    // Nothing was handed in by the refused calls.
    const [row] = await t.db
      .select()
      .from(examSubmissions)
      .where(eq(examSubmissions.instanceId, mine.exam_paper_instance_id));
    expect(row!.status).toBe('draft');
  });

  it('refuses a simulating instructor handing in', async () => {
    const exam = await createOpenExam(t, w, [singleChoice(1)]);
    const paper = (await distribute(student(0), exam.id)).json();
    const res = await submit(w.simulatingSession, exam.id, {
      exam_paper_instance_id: paper.exam_paper_instance_id,
      exam_finished: true,
    });
    expect(res.json().code).toBe('simulating_read_only');
  });

  it('cleans script out of a short answer', async () => {
    const exam = await createOpenExam(t, w, [{ type: 'short_answer', description: 'Write', point: 5 }]);
    const paper = (await distribute(student(0), exam.id)).json();
    const res = await submit(student(0), exam.id, {
      exam_paper_instance_id: paper.exam_paper_instance_id,
      exam_finished: true,
      subjects: [{ subject_id: paper.subjects[0].id, answer: '<p>hi</p><script>alert(1)</script>' }],
    });
    const [row] = await t.db.select().from(examSubmissions).where(eq(examSubmissions.id, res.json().id));
    expect(row!.submissionData![0]!.answer).toBe('<p>hi</p>');
  });
});

describe('qualification and the exam list', () => {
  it('names why an exam cannot be started', async () => {
    const check = async (examId: number, session = student(0)) =>
      (await as(session, { method: 'GET', url: `/api/exam/${examId}/check-exam-qualification` })).json();
    const open = await createOpenExam(t, w, [singleChoice(1)]);
    expect(await check(open.id)).toMatchObject({
      qualified: true,
      reason: null,
      submit_times: 1,
      submission_count: 0,
      remaining_times: 1,
      has_draft: false,
    });
    const early = await createOpenExam(t, w, [singleChoice(1)], { startTime: new Date(Date.now() + HOUR) });
    expect(await check(early.id)).toMatchObject({ qualified: false, reason: 'not_started' });
    const late = await createOpenExam(t, w, [singleChoice(1)], { endTime: new Date(Date.now() - 1000) });
    expect(await check(late.id)).toMatchObject({ reason: 'closed' });
    expect(await check((await createOpenExam(t, w, [])).id)).toMatchObject({ reason: 'no_questions' });
    expect(await check(open.id, w.teacherSession)).toMatchObject({ reason: 'not_examinee' });
    const draft = await createOpenExam(t, w, [singleChoice(1)], { published: false });
    expect(await check(draft.id, w.teacherSession)).toMatchObject({ reason: 'not_published' });
    const paper = (await distribute(student(0), open.id)).json();
    expect(await check(open.id)).toMatchObject({ qualified: true, has_draft: true });
    await submit(student(0), open.id, {
      exam_paper_instance_id: paper.exam_paper_instance_id,
      exam_finished: true,
    });
    expect(await check(open.id)).toMatchObject({
      qualified: false,
      reason: 'no_attempts_left',
      message: 'You have used all your attempts at this exam.',
      submission_count: 1,
      remaining_times: 0,
    });
  });

  it('lists published exams with the student’s attempts, drafts and released score', async () => {
    const world = await createExamWorld(t, 1);
    const me = world.students[0]!.session;
    const released = await createOpenExam(t, world, [singleChoice(4)], { data: { submit_times: 2 } });
    const hidden = await createOpenExam(t, world, [singleChoice(4)], {
      data: { announce_score_type: 'never' },
    });
    await createOpenExam(t, world, [singleChoice(4)], { published: false });
    for (const exam of [released, hidden]) {
      const paper = (await as(me, { method: 'GET', url: `/api/exams/${exam.id}/distribute` })).json();
      const [q] = await paperSubjects(t, exam.id);
      await submit(me, exam.id, {
        exam_paper_instance_id: paper.exam_paper_instance_id,
        exam_finished: true,
        subjects: [{ subject_id: q!.id, answer_option_ids: [q!.options.find((o) => o.is_answer)!.id] }],
      });
    }
    await as(me, { method: 'GET', url: `/api/exams/${released.id}/distribute` });
    const res = await as(me, { method: 'GET', url: `/api/courses/${world.course.id}/exam-list` });
    expect(res.statusCode).toBe(200);
    const { exams } = res.json();
    expect(exams.map((e: { id: number }) => e.id)).toEqual([released.id, hidden.id]);
    expect(exams[0]).toMatchObject({
      is_started: true,
      is_closed: false,
      submit_times: 2,
      submission_count: 1,
      remaining_times: 1,
      has_draft: true,
      score: 4,
      score_released: true,
      awaiting_marking: false,
    });
    expect(exams[1]).toMatchObject({
      submission_count: 1,
      score: null,
      score_released: false,
      has_draft: false,
    });
  });
});

describe('reviewing submissions', () => {
  async function handedIn(data: object, session = student(0)) {
    const exam = await createOpenExam(t, w, [singleChoice(2)], { data });
    const paper = (await distribute(session, exam.id)).json();
    const [q] = await paperSubjects(t, exam.id);
    const res = await submit(session, exam.id, {
      exam_paper_instance_id: paper.exam_paper_instance_id,
      exam_finished: true,
      subjects: [{ subject_id: q!.id, answer_option_ids: [q!.options.find((o) => o.is_answer)!.id] }],
    });
    return { exam, id: res.json().id as number, subject: q! };
  }

  it('shows a student their own submission with scores and answers once released', async () => {
    const { exam, id, subject } = await handedIn({});
    const res = await as(student(0), { method: 'GET', url: `/api/exams/${exam.id}/submissions/${id}` });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      id,
      exam_id: exam.id,
      examinee_id: w.students[0]!.user.id,
      status: 'submitted',
      score: 2,
      score_released: true,
      answers_released: true,
      mark_status: 'marked',
      marked_attachments: [],
    });
    expect(body.score_data).toEqual([
      { subject_id: subject.id, parent_id: null, score: 2, auto: true, correct: true },
    ]);
    expect(body.correct_answers_data.correct_answers[0].answer_option_ids).toEqual([
      subject.options.find((o) => o.is_answer)!.id,
    ]);
    expect(body.subjects[0].id).toBe(subject.id);
  });

  it('hides scores and answers before they are released', async () => {
    const { exam, id } = await handedIn({
      announce_answer_type: 'never',
      announce_score_type: 'after_date',
      announce_score_time: new Date(Date.now() + 24 * HOUR).toISOString(),
    });
    const body = (
      await as(student(0), { method: 'GET', url: `/api/exams/${exam.id}/submissions/${id}` })
    ).json();
    expect(body).toMatchObject({
      score: null,
      auto_score: null,
      score_data: null,
      correct_answers_data: null,
      score_released: false,
      answers_released: false,
    });
    expect(JSON.stringify(body)).not.toContain('is_answer');
    const list = (await as(student(0), { method: 'GET', url: `/api/exams/${exam.id}/submissions` })).json();
    expect(list).toMatchObject({ score: null, score_released: false });
    expect(list.submissions[0].score).toBeNull();
    const teacher = (
      await as(w.teacherSession, { method: 'GET', url: `/api/exams/${exam.id}/submissions/${id}` })
    ).json();
    expect(teacher).toMatchObject({ score: 2, answers_released: true });
  });

  it('does not let a student read another student’s submission', async () => {
    const { exam, id } = await handedIn({});
    const res = await as(student(1), { method: 'GET', url: `/api/exams/${exam.id}/submissions/${id}` });
    expect(res.statusCode).toBe(404);
    const list = (await as(student(1), { method: 'GET', url: `/api/exams/${exam.id}/submissions` })).json();
    expect(list.submissions).toEqual([]);
    const teacherList = (
      await as(w.teacherSession, { method: 'GET', url: `/api/exams/${exam.id}/submissions` })
    ).json();
    expect(teacherList.submissions.map((s: { id: number }) => s.id)).toEqual([id]);
  });

  it('does not find a submission through another exam', async () => {
    const { id } = await handedIn({});
    const other = await createOpenExam(t, w, [singleChoice(1)]);
    const res = await as(w.teacherSession, {
      method: 'GET',
      url: `/api/exams/${other.id}/submissions/${id}`,
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('group exams', () => {
  it('counts attempts per group and lets members read the group’s submission', async () => {
    const world = await createExamWorld(t, 3);
    const set = await createGroupSet(t, world.course.id);
    const [a, b, c] = world.students;
    await createGroup(t, set.id, { memberIds: [a!.user.id, b!.user.id] });
    const exam = await createOpenExam(t, world, [singleChoice(1)], { data: { group_set_id: set.id } });
    const paperA = (await as(a!.session, { method: 'GET', url: `/api/exams/${exam.id}/distribute` })).json();
    const paperB = (await as(b!.session, { method: 'GET', url: `/api/exams/${exam.id}/distribute` })).json();
    const done = await submit(a!.session, exam.id, {
      exam_paper_instance_id: paperA.exam_paper_instance_id,
      exam_finished: true,
    });
    expect(done.statusCode).toBe(200);
    const second = await submit(b!.session, exam.id, {
      exam_paper_instance_id: paperB.exam_paper_instance_id,
      exam_finished: true,
    });
    expect(second.statusCode).toBe(403);
    const read = await as(b!.session, {
      method: 'GET',
      url: `/api/exams/${exam.id}/submissions/${done.json().id}`,
    });
    expect(read.statusCode).toBe(200);
    const [row] = await t.db.select().from(examSubmissions).where(eq(examSubmissions.id, done.json().id));
    expect(row!.groupId).not.toBeNull();
    const outsider = await as(c!.session, { method: 'GET', url: `/api/exams/${exam.id}/distribute` });
    expect(outsider.statusCode).toBe(403);
    expect(outsider.json().message).toBe('This is a group exam and you are not in any of its groups.');
  });
});

describe('who else is refused', () => {
  it('treats a user outside the course as forbidden', async () => {
    const exam = await createOpenExam(t, w, [singleChoice(1)]);
    const outsider = await createUser(t, w.org.id);
    const res = await distribute(await loginAs(t, outsider), exam.id);
    expect(res.statusCode).toBe(403);
  });

  it('does not take a non-exam activity for an exam', async () => {
    const exam = await createOpenExam(t, w, [singleChoice(1)], { type: 'classroom_exam' });
    expect((await distribute(student(0), exam.id)).statusCode).toBe(404);
  });

  it('stores one paper instance per attempt', async () => {
    const exam = await createOpenExam(t, w, [singleChoice(1)]);
    await Promise.all([
      distribute(student(0), exam.id),
      distribute(student(0), exam.id),
      distribute(student(0), exam.id),
    ]);
    const rows = await t.db
      .select()
      .from(examPaperInstances)
      .where(eq(examPaperInstances.activityId, exam.id));
    expect(rows).toHaveLength(1);
  });
});

describe('time limit per attempt', () => {
  /** Moves an attempt's distribution into the past, as if the student had started it long ago. */
  const startedAgo = (instanceId: number, ms: number) =>
    t.db
      .update(examPaperInstances)
      .set({ createdAt: new Date(Date.now() - ms) })
      .where(eq(examPaperInstances.id, instanceId));

  it('gives the attempt its deadline: the limit from distribution, capped by the end time', async () => {
    const exam = await createOpenExam(t, w, [singleChoice(1)], {
      data: { time_limit_minutes: 30 },
      endTime: new Date(Date.now() + 7 * 24 * HOUR),
    });
    const paper = (await distribute(student(0), exam.id)).json();
    expect(paper.time_limit_minutes).toBe(30);
    const deadline = new Date(paper.deadline).getTime();
    expect(deadline - new Date(paper.created_at).getTime()).toBe(30 * 60_000);
    expect(paper.remaining_seconds).toBeGreaterThan(29 * 60);
    expect(paper.remaining_seconds).toBeLessThanOrEqual(30 * 60);

    const closing = await createOpenExam(t, w, [singleChoice(1)], {
      data: { time_limit_minutes: 120 },
      endTime: new Date(Date.now() + 10 * 60_000),
    });
    const capped = (await distribute(student(0), closing.id)).json();
    expect(capped.deadline).toBe(capped.end_time);
    expect(capped.remaining_seconds).toBeLessThanOrEqual(600);

    const unlimited = await createOpenExam(t, w, [singleChoice(1)]);
    const open = (await distribute(student(0), unlimited.id)).json();
    expect(open.time_limit_minutes).toBeNull();
    expect(open.deadline).toBe(open.end_time);
  });

  it('refuses answers after the limit and its grace, and hands in the draft saved in time', async () => {
    const exam = await createOpenExam(t, w, [singleChoice(1)], { data: { time_limit_minutes: 10 } });
    const paper = (await distribute(student(1), exam.id)).json();
    const [q] = paper.subjects;
    const answer = (index: number) => [{ subject_id: q.id, answer_option_ids: [q.options[index].id] }];
    const instance = paper.exam_paper_instance_id;
    await submit(student(1), exam.id, { exam_paper_instance_id: instance, subjects: answer(0) });
    // The server keeps the instance it handed out in memory, so the clock moves rather than the row.
    const startedAt = new Date(paper.created_at).getTime();
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      // Within the grace after the limit the automatic hand-in is still on its way: a draft is accepted.
      vi.setSystemTime(startedAt + 10 * 60_000 + 10_000);
      const inGrace = await submit(student(1), exam.id, {
        exam_paper_instance_id: instance,
        subjects: answer(0),
      });
      expect(inGrace.statusCode).toBe(200);

      vi.setSystemTime(startedAt + 10 * 60_000 + 31_000);
      const lateDraft = await submit(student(1), exam.id, {
        exam_paper_instance_id: instance,
        exam_finished: false,
        subjects: answer(1),
      });
      expect(lateDraft.statusCode).toBe(403);
      expect(lateDraft.json().message).toMatch(/time for this attempt is up/);
      // The draft saved in time was handed in then; a late hand-in gets that submission, not its answers.
      const late = await submit(student(1), exam.id, {
        exam_paper_instance_id: instance,
        exam_finished: true,
        subjects: answer(1),
      });
      expect(late.statusCode).toBe(200);
      expect(late.json().status).toBe('submitted');
    } finally {
      vi.useRealTimers();
    }
    const [row] = await t.db.select().from(examSubmissions).where(eq(examSubmissions.instanceId, instance));
    expect(row!.status).toBe('submitted');
    expect(row!.submissionData![0]!.answer_option_ids).toEqual([q.options[0].id]);
  });

  it('refuses a late hand-in of a paper with nothing handed in yet', async () => {
    const exam = await createOpenExam(t, w, [singleChoice(1)], { data: { time_limit_minutes: 1 } });
    const paper = (await distribute(student(0), exam.id)).json();
    const [q] = paper.subjects;
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(new Date(paper.created_at).getTime() + 2 * 60_000);
      const late = await submit(student(0), exam.id, {
        exam_paper_instance_id: paper.exam_paper_instance_id,
        exam_finished: true,
        subjects: [{ subject_id: q.id, answer_option_ids: [q.options[0].id] }],
      });
      // The expired attempt was handed in (empty) by the check itself; the late answers are not in it.
      expect(late.statusCode).toBe(403);
      expect(late.json().message).toMatch(/time for this attempt is up/);
    } finally {
      vi.useRealTimers();
    }
    const [row] = await t.db
      .select()
      .from(examSubmissions)
      .where(eq(examSubmissions.instanceId, paper.exam_paper_instance_id));
    expect(row!.status).toBe('submitted');
    expect(row!.submissionData).toEqual([]);
  });

  it('hands in the saved draft of a student who never came back once the limit has passed', async () => {
    const exam = await createOpenExam(t, w, [singleChoice(1)], { data: { time_limit_minutes: 5 } });
    const paper = (await distribute(student(2), exam.id)).json();
    const [q] = paper.subjects;
    await submit(student(2), exam.id, {
      exam_paper_instance_id: paper.exam_paper_instance_id,
      exam_finished: false,
      subjects: [{ subject_id: q.id, answer_option_ids: [q.options[0].id] }],
    });
    await startedAgo(paper.exam_paper_instance_id, HOUR);
    const list = await as(student(2), { method: 'GET', url: `/api/exams/${exam.id}/submissions` });
    expect(list.statusCode).toBe(200);
    expect(list.json().submissions).toHaveLength(1);
    const [row] = await t.db
      .select()
      .from(examSubmissions)
      .where(and(eq(examSubmissions.instanceId, paper.exam_paper_instance_id)));
    expect(row!.status).toBe('submitted');
    expect(row!.submissionData![0]!.answer_option_ids).toEqual([q.options[0].id]);
    // The one attempt is used: no new paper.
    const again = await distribute(student(2), exam.id);
    expect(again.statusCode).toBe(403);
  });

  it('rejects a time limit outside 1..10000 minutes in the settings', async () => {
    const exam = await createOpenExam(t, w, [singleChoice(1)]);
    for (const bad of [0, 10_001, 2.5]) {
      const res = await as(w.teacherSession, {
        method: 'PUT',
        url: `/api/activities/${exam.id}`,
        payload: { data: { time_limit_minutes: bad } },
      });
      expect(res.statusCode).toBe(400);
    }
  });
});
