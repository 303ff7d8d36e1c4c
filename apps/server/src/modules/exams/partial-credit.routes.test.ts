import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { IMPORTED_SUBJECT_TYPES } from '@lectern/contracts/data-import/data-import.schemas';
import { examSubmissions } from '../../db/schema/exam-submissions.ts';
import { toSubjectInput } from '@lectern/contracts/data-import/imported-subject';
import { convertImportFile, identifyContent } from '../data-import/import-pipeline.ts';
import { caller, createExamWorld, createOpenExam, type ExamWorld } from '../../test/exam-taking-factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * Partial credit and numeric tolerances from a Moodle file, end to end (issue 19): imported, saved through
 * the exam's own save call, taken by a student and graded by the server.
 */
let t: TestApp;
let w: ExamWorld;
let as: ReturnType<typeof caller>;

beforeAll(async () => {
  t = await createTestApp();
  w = await createExamWorld(t, 2);
  as = caller(t);
});
afterAll(async () => t.close());

const GIFT = [
  '::Primes:: Which of these numbers are prime? {~%50%2 ~%50%3 ~%-100%4 ~%-100%9}',
  '::Capital:: What is the capital of Australia? {=Canberra ~%25%Sydney ~Melbourne}',
  '::Pi:: What is pi to two places? {#3.14:0.005}',
  '::Range:: What is pi to three places? {#3.141..3.142}',
].join('\n\n');

type SavedSubject = {
  id: number;
  type: string;
  options: { id: number; is_answer: boolean; weight?: number }[];
  blanks: { sort: number; answers: string[] }[];
};

/** The GIFT file through convert + identify, saved on a new open exam as the import page saves it. */
async function importedExam(): Promise<{ examId: number; saved: SavedSubject[] }> {
  const converted = await convertImportFile('partial.gift', Buffer.from(GIFT), {
    locale: 'en-US',
    storeImage: () => Promise.reject(new Error('no picture in this file')),
  });
  const { subjects } = identifyContent(converted.content, {
    locale: 'en-US',
    allowedTypes: IMPORTED_SUBJECT_TYPES,
  });
  expect(subjects.flatMap((s) => s.errors)).toEqual([]);
  const exam = await createOpenExam(t, w, []);
  const res = await as(w.teacherSession, {
    method: 'POST',
    url: `/api/exams/${exam.id}/subjects`,
    payload: { subjects: subjects.map(toSubjectInput) },
  });
  expect(res.statusCode).toBe(201);
  return { examId: exam.id, saved: res.json().subjects as SavedSubject[] };
}

async function handIn(session: ExamWorld['teacherSession'], examId: number, subjects: object[]) {
  const paper = (await as(session, { method: 'GET', url: `/api/exams/${examId}/distribute` })).json();
  // The weights are answers: a student's paper never carries them.
  expect(JSON.stringify(paper)).not.toContain('weight');
  const res = await as(session, {
    method: 'POST',
    url: `/api/exams/${examId}/submissions`,
    payload: { exam_paper_instance_id: paper.exam_paper_instance_id, exam_finished: true, subjects },
  });
  expect(res.statusCode).toBe(200);
  const [row] = await t.db.select().from(examSubmissions).where(eq(examSubmissions.id, res.json().id));
  return row!;
}

describe('partial credit and numeric ranges from an imported file', () => {
  it('keeps option weights and ranges through saving, as the authors see the questions', async () => {
    const { saved } = await importedExam();
    expect(saved.map((s) => s.type)).toEqual([
      'multiple_selection',
      'single_selection',
      'fill_in_blank',
      'fill_in_blank',
    ]);
    expect(saved[0]!.options.map((o) => [o.is_answer, o.weight])).toEqual([
      [true, 0.5],
      [true, 0.5],
      [false, -1],
      [false, -1],
    ]);
    expect(saved[1]!.options.map((o) => o.weight)).toEqual([1, 0.25, 0]);
    expect(saved.slice(2).map((s) => s.blanks[0]!.answers)).toEqual([['3.14±0.005'], ['3.141..3.142']]);
  });

  it('scores a partly right multiple choice by its weights and a number inside the range as right', async () => {
    const { examId, saved } = await importedExam();
    const [primes, capital, pi, range] = saved as [SavedSubject, SavedSubject, SavedSubject, SavedSubject];
    const row = await handIn(w.students[0]!.session, examId, [
      // One of the two primes: half the point.
      { subject_id: primes.id, answer_option_ids: [primes.options[0]!.id] },
      // The near miss: a quarter of the point, rounded to one decimal.
      { subject_id: capital.id, answer_option_ids: [capital.options[1]!.id] },
      // Inside 3.14±0.005 at its lower end; 3.1415 inside 3.141..3.142.
      { subject_id: pi.id, answers: [{ sort: 0, content: '3.135' }] },
      { subject_id: range.id, answers: [{ sort: 0, content: '3.1415' }] },
    ]);
    const scores = new Map(row.scoreData!.map((s) => [s.subject_id, [s.score, s.correct]]));
    expect(scores.get(primes.id)).toEqual([0.5, false]);
    expect(scores.get(capital.id)).toEqual([0.3, false]);
    expect(scores.get(pi.id)).toEqual([1, true]);
    expect(scores.get(range.id)).toEqual([1, true]);
    expect(row.score).toBe(2.8);
  });

  it('takes back with a wrong choice what a right one gave, and scores numbers outside the range 0', async () => {
    const { examId, saved } = await importedExam();
    const [primes, capital, pi, range] = saved as [SavedSubject, SavedSubject, SavedSubject, SavedSubject];
    const row = await handIn(w.students[1]!.session, examId, [
      { subject_id: primes.id, answer_option_ids: [primes.options[0]!.id, primes.options[2]!.id] },
      { subject_id: capital.id, answer_option_ids: [capital.options[0]!.id] },
      { subject_id: pi.id, answers: [{ sort: 0, content: '3.1451' }] },
      { subject_id: range.id, answers: [{ sort: 0, content: '3.14' }] },
    ]);
    const scores = new Map(row.scoreData!.map((s) => [s.subject_id, s.score]));
    expect([primes, capital, pi, range].map((s) => scores.get(s.id))).toEqual([0, 1, 0, 0]);
    expect(row.score).toBe(1);
  });
});
