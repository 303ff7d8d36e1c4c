import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { classroomAnswers } from '../../db/schema/exam-submissions.ts';
import {
  caller,
  createExamWorld,
  createOpenExam,
  paperSubjects,
  type ExamWorld,
} from '../../test/exam-taking-factories.ts';
import { everyTypeInputs, singleChoice } from '../../test/exams-factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let w: ExamWorld;
let as: ReturnType<typeof caller>;

beforeAll(async () => {
  t = await createTestApp();
  w = await createExamWorld(t, 3);
  as = caller(t);
});
afterAll(async () => t.close());

const student = (i: number) => w.students[i]!.session;

async function classroomExam() {
  const exam = await createOpenExam(
    t,
    w,
    [
      {
        type: 'single_selection',
        description: 'Pick',
        point: 1,
        options: [
          { content: 'A', is_answer: false },
          { content: 'B', is_answer: true },
          { content: 'C', is_answer: false },
        ],
      },
      singleChoice(1, 'Second'),
    ],
    { type: 'classroom_exam', startTime: null, endTime: null },
  );
  const [first, second] = await paperSubjects(t, exam.id);
  return { exam, first: first!, second: second! };
}

const release = (examId: number, subjectId: number, session = w.teacherSession) =>
  as(session, { method: 'POST', url: `/api/classroom-exams/${examId}/subjects/${subjectId}/release` });
const close = (examId: number, subjectId: number) =>
  as(w.teacherSession, { method: 'POST', url: `/api/classroom-exams/${examId}/subjects/${subjectId}/close` });
const answer = (examId: number, subjectId: number, optionIds: number[], i = 0) =>
  as(student(i), {
    method: 'POST',
    url: `/api/classroom/${examId}/submit/${subjectId}`,
    payload: { answer_option_ids: optionIds },
  });
const state = (examId: number, session = w.teacherSession) =>
  as(session, { method: 'GET', url: `/api/classroom-exams/${examId}/state` });

describe('classroom exams in class', () => {
  it('shows nothing released before the instructor releases a question', async () => {
    const { exam } = await classroomExam();
    const res = await state(exam.id, student(0));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ released: null, answer_count: 0, my_answer: null, student_count: 3 });
  });

  it('takes answers to the released question only, one per student, counted per option', async () => {
    const { exam, first, second } = await classroomExam();
    const [a, b, c] = first.options;
    const released = await release(exam.id, first.id);
    expect(released.statusCode).toBe(200);
    expect(released.json().released).toMatchObject({ is_open: true, correct_option_ids: [b!.id] });
    expect(JSON.stringify(released.json().released.subject)).not.toContain('is_answer');

    expect((await answer(exam.id, second.id, [second.options[0]!.id])).statusCode).toBe(409);
    expect((await answer(exam.id, first.id, [a!.id], 0)).statusCode).toBe(200);
    expect((await answer(exam.id, first.id, [b!.id], 1)).statusCode).toBe(200);
    // Answering again replaces the earlier answer.
    const changed = await answer(exam.id, first.id, [b!.id], 0);
    expect(changed.json()).toMatchObject({
      subject_id: first.id,
      answer_option_ids: [b!.id],
      is_correct: null,
    });
    const rows = await t.db.select().from(classroomAnswers).where(eq(classroomAnswers.subjectId, first.id));
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => r.isCorrect === true)).toBe(true);

    const teacherView = (await state(exam.id)).json();
    expect(teacherView).toMatchObject({ answer_count: 2, correct_count: 2 });
    expect(teacherView.option_counts).toEqual([
      { option_id: a!.id, count: 0 },
      { option_id: b!.id, count: 2 },
      { option_id: c!.id, count: 0 },
    ]);
    expect(teacherView.releases).toHaveLength(1);

    const studentView = (await state(exam.id, student(0))).json();
    expect(studentView).toMatchObject({ answer_count: 2, option_counts: null, correct_count: null });
    expect(studentView.released.correct_option_ids).toBeNull();
    expect(studentView.my_answer).toMatchObject({ answer_option_ids: [b!.id], is_correct: null });
    expect(studentView.releases).toEqual([]);
  });

  it('closes a question: no more answers, and students see how it went', async () => {
    const { exam, first } = await classroomExam();
    const right = first.options.find((o) => o.is_answer)!;
    await release(exam.id, first.id);
    await answer(exam.id, first.id, [right.id], 2);
    const closed = await close(exam.id, first.id);
    expect(closed.json().released).toMatchObject({ is_open: false, closed_at: expect.any(String) });
    const late = await answer(exam.id, first.id, [right.id], 1);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('This question is not open for answers.');
    const view = (await state(exam.id, student(2))).json();
    expect(view.my_answer).toMatchObject({ is_correct: true });
    expect(view.released.correct_option_ids).toEqual([right.id]);
    expect(view.option_counts.find((o: { option_id: number }) => o.option_id === right.id).count).toBe(1);
  });

  it('keeps one question open at a time', async () => {
    const { exam, first, second } = await classroomExam();
    await release(exam.id, first.id);
    const next = (await release(exam.id, second.id)).json();
    expect(next.released.subject.id).toBe(second.id);
    expect(
      next.releases.map((r: { subject_id: number; closed_at: string | null }) => [
        r.subject_id,
        r.closed_at === null,
      ]),
    ).toEqual([
      [second.id, true],
      [first.id, false],
    ]);
    expect((await answer(exam.id, first.id, [first.options[0]!.id])).statusCode).toBe(409);
  });

  it('refuses releases by students or simulating instructors, and stems', async () => {
    const { exam, first } = await classroomExam();
    expect((await release(exam.id, first.id, student(0))).statusCode).toBe(403);
    expect((await release(exam.id, first.id, w.simulatingSession)).json().code).toBe('simulating_read_only');
    const stems = await createOpenExam(t, w, everyTypeInputs(), { type: 'classroom_exam' });
    const cloze = (await paperSubjects(t, stems.id)).find((s) => s.type === 'cloze')!;
    const refused = await release(stems.id, cloze.id);
    expect(refused.statusCode).toBe(400);
    expect((await release(stems.id, cloze.sub_subjects[0]!.id)).statusCode).toBe(404);
  });

  it('refuses answers from the teaching team and options of other questions', async () => {
    const { exam, first, second } = await classroomExam();
    await release(exam.id, first.id);
    const byTeacher = await as(w.teacherSession, {
      method: 'POST',
      url: `/api/classroom/${exam.id}/submit/${first.id}`,
      payload: { answer_option_ids: [first.options[0]!.id] },
    });
    expect(byTeacher.statusCode).toBe(403);
    const foreign = await answer(exam.id, first.id, [second.options[0]!.id]);
    expect(foreign.statusCode).toBe(400);
  });
});

describe('the two body forms of a classroom answer', () => {
  const submit = (examId: number, subjectId: number, payload: object, i = 0) =>
    as(student(i), { method: 'POST', url: `/api/classroom/${examId}/submit/${subjectId}`, payload });
  const storedFor = (subjectId: number) =>
    t.db.select().from(classroomAnswers).where(eq(classroomAnswers.subjectId, subjectId));

  it("stores the answer from the original clients' wrapper body, picking the path's question", async () => {
    const { exam, first, second } = await classroomExam();
    const right = first.options.find((o) => o.is_answer)!;
    await release(exam.id, first.id);
    const res = await submit(exam.id, first.id, {
      exam_paper_instance_id: 0,
      subjects: [
        { subject_id: second.id, answer_option_ids: [second.options[0]!.id], answer: null },
        { subject_id: first.id, answer_option_ids: [right.id], answer: null },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ subject_id: first.id, answer_option_ids: [right.id] });
    const rows = await storedFor(first.id);
    expect(rows.map((r) => [r.userId, r.answerOptionIds, r.isCorrect])).toEqual([
      [w.students[0]!.user.id, [right.id], true],
    ]);
  });

  it('stores the flat body as before', async () => {
    const { exam, first } = await classroomExam();
    const wrong = first.options.find((o) => !o.is_answer)!;
    await release(exam.id, first.id);
    const res = await submit(
      exam.id,
      first.id,
      { answer_option_ids: [wrong.id], answer: null, answers: [] },
      1,
    );
    expect(res.statusCode).toBe(200);
    const rows = await storedFor(first.id);
    expect(rows.map((r) => [r.userId, r.answerOptionIds, r.isCorrect])).toEqual([
      [w.students[1]!.user.id, [wrong.id], false],
    ]);
  });

  it('refuses bodies whose answer cannot be read with field errors, and stores nothing', async () => {
    const { exam, first, second } = await classroomExam();
    await release(exam.id, first.id);
    const option = first.options[0]!.id;
    const cases: [object, string][] = [
      [{}, 'answer_option_ids'],
      [{ exam_paper_instance_id: 7 }, 'answer_option_ids'],
      [{ answer_option_ids: [], answer: '  ', answers: [] }, 'answer_option_ids'],
      [{ subjects: [] }, 'subjects'],
      [{ subjects: [{ subject_id: second.id, answer_option_ids: [second.options[0]!.id] }] }, 'subjects'],
      [{ subjects: [{ subject_id: first.id, answer_option_ids: [] }] }, 'subjects.0.answer_option_ids'],
      [{ subjects: [{ answer_option_ids: [option] }] }, 'subjects.0.subject_id'],
      [
        {
          subjects: [
            { subject_id: second.id, answer_option_ids: [second.options[0]!.id] },
            { subject_id: first.id, answer_option_ids: [second.options[0]!.id] },
          ],
        },
        'subjects.1.answer_option_ids',
      ],
      [{ subjects: { subject_id: first.id } }, 'subjects'],
      [
        { answer_option_ids: [option], subjects: [{ subject_id: first.id, answer_option_ids: [option] }] },
        'subjects',
      ],
      [{ subject_id: second.id, answer_option_ids: [option] }, 'subject_id'],
      [{ answer_option_ids: 'B' }, 'answer_option_ids'],
    ];
    for (const [payload, field] of cases) {
      const res = await submit(exam.id, first.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      const body = res.json();
      expect(body.code).toBe('validation_failed');
      expect(body.message).toEqual(expect.any(String));
      expect(Object.keys(body.errors), JSON.stringify(payload)).toContain(field);
    }
    expect(await storedFor(first.id)).toEqual([]);
    expect((await state(exam.id)).json()).toMatchObject({ answer_count: 0 });
  });
});

describe('push', () => {
  it('tells the class when a question is released and when it closes, so phones need not poll', async () => {
    const { exam, first } = await classroomExam();
    const url = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const stream = await fetch(`${url}/api/push/stream`, { headers: student(1).headers });
    const reader = stream.body!.getReader();
    const decoder = new TextDecoder();
    const events: unknown[] = [];
    let text = '';
    async function next(): Promise<unknown> {
      const deadline = Date.now() + 5000;
      while (Date.now() < deadline) {
        const lines = text.split('\n');
        const at = lines.findIndex((l) => l.startsWith('data: ') && l.includes('classroom.release_changed'));
        if (at >= 0) {
          text = lines.slice(at + 1).join('\n');
          return JSON.parse(lines[at]!.slice('data: '.length));
        }
        const { value, done } = await reader.read();
        if (done) break;
        text += decoder.decode(value, { stream: true });
      }
      return undefined;
    }
    try {
      expect((await release(exam.id, first.id)).statusCode).toBe(200);
      events.push(await next());
      expect((await close(exam.id, first.id)).statusCode).toBe(200);
      events.push(await next());
    } finally {
      await reader.cancel();
    }
    expect(events).toEqual([
      {
        course_id: w.course.id,
        type: 'classroom.release_changed',
        data: { exam_id: exam.id, subject_id: first.id, is_open: true },
      },
      {
        course_id: w.course.id,
        type: 'classroom.release_changed',
        data: { exam_id: exam.id, subject_id: first.id, is_open: false },
      },
    ]);
  });
});
