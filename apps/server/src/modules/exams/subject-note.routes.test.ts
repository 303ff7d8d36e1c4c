import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller, createExamWorld, createOpenExam, type ExamWorld } from '../../test/exam-taking-factories.ts';
import { singleChoice } from '../../test/exams-factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let w: ExamWorld;
let as: ReturnType<typeof caller>;

beforeAll(async () => {
  t = await createTestApp();
  w = await createExamWorld(t, 1);
  as = caller(t);
});
afterAll(async () => t.close());

const NOTE = 'Imported as “Capitals-07”';

describe('a question’s note', () => {
  it('is stored and shown to the teaching team, edited, and cleared when left empty', async () => {
    const exam = await createOpenExam(t, w, [{ ...singleChoice(10), note: `  <b>${NOTE}</b> ` }]);
    const list = await as(w.teacherSession, { method: 'GET', url: `/api/exams/${exam.id}/subjects` });
    expect(list.statusCode).toBe(200);
    const [subject] = list.json().subjects;
    // Plain text: markup is taken out and the ends trimmed, like every title.
    expect(subject.note).toBe(NOTE);

    const url = `/api/subjects/${subject.id}`;
    const edited = await as(w.teacherSession, {
      method: 'PUT',
      url,
      payload: { ...singleChoice(10), note: 'Second note' },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().note).toBe('Second note');
    const cleared = await as(w.teacherSession, {
      method: 'PUT',
      url,
      payload: { ...singleChoice(10), note: '' },
    });
    expect(cleared.json().note).toBeNull();
  });

  it('refuses a note over 200 characters', async () => {
    const exam = await createOpenExam(t, w, [singleChoice(10)]);
    const res = await as(w.teacherSession, {
      method: 'POST',
      url: `/api/exams/${exam.id}/subjects`,
      payload: { subjects: [{ ...singleChoice(0), note: 'x'.repeat(201) }] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('subjects.0.note');
  });

  it('never reaches a student’s paper', async () => {
    const exam = await createOpenExam(t, w, [{ ...singleChoice(100), note: NOTE }]);
    const paper = await as(w.students[0]!.session, {
      method: 'GET',
      url: `/api/exams/${exam.id}/distribute`,
    });
    expect(paper.statusCode).toBe(200);
    expect(paper.json().subjects).toHaveLength(1);
    expect(paper.body).not.toContain('Capitals-07');
    expect(paper.body).not.toContain('"note"');
  });
});
