import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  QuestionnaireDistributeResponseSchema,
  QuestionnaireListResponseSchema,
  QuestionnaireResultsSchema,
  type QuestionnaireDistributeResponse,
  type QuestionnaireResults,
} from '@lectern/contracts/questionnaires/questionnaires.schemas';
import { questionnaireSubmissions } from '../../db/schema/questionnaires.ts';
import {
  addMember,
  createCourse,
  createModule,
  createOrg,
  createUser,
  loginAs,
  type Session,
} from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let courseId: number;
let moduleId: number;
let teacher: Session;
let assistant: Session;
let outsider: Session;
let simulating: Session;
let students: { id: number; userNo: string; name: string; session: Session }[];
let libId: number;

const HOUR = 3600_000;
const student = (i: number) => students[i]!.session;

beforeAll(async () => {
  t = await createTestApp();
  const orgId = (await createOrg(t)).id;
  const owner = await createUser(t, orgId);
  const helper = await createUser(t, orgId);
  const stranger = await createUser(t, orgId);
  courseId = (await createCourse(t, orgId, owner.id, { name: 'Civics' })).id;
  moduleId = (await createModule(t, courseId)).id;
  await addMember(t, courseId, helper.id, ['instructor_assistant']);
  const otherCourse = await createCourse(t, orgId, owner.id);
  await addMember(t, otherCourse.id, stranger.id, ['student']);
  students = [];
  for (let i = 0; i < 3; i += 1) {
    const user = await createUser(t, orgId);
    await addMember(t, courseId, user.id, ['student']);
    students.push({ id: user.id, userNo: user.userNo, name: user.name, session: await loginAs(t, user) });
  }
  teacher = await loginAs(t, owner);
  assistant = await loginAs(t, helper);
  outsider = await loginAs(t, stranger);
  simulating = await loginAs(t, owner, { simulatingCourseId: courseId });

  const lib = await t.app.inject({
    method: 'POST',
    url: '/api/subject-libs?lib_type=questionnaire',
    headers: teacher.headers,
    payload: { title: 'Course feedback' },
  });
  expect(lib.statusCode, lib.body).toBe(201);
  libId = lib.json<{ id: number }>().id;
  // A questionnaire library's questions have no right answer: no option is marked.
  const options = (labels: string[]) => labels.map((content, i) => ({ content, sort: i, is_answer: false }));
  const saved = await t.app.inject({
    method: 'POST',
    url: `/api/subject-libs/${libId}/subjects`,
    headers: teacher.headers,
    payload: {
      subjects: [
        {
          type: 'single_selection',
          description: '<p>Pace?</p>',
          point: 0,
          options: options(['Slow', 'Fine', 'Fast']),
        },
        {
          type: 'multiple_selection',
          description: '<p>Liked?</p>',
          point: 0,
          options: options(['Labs', 'Talks']),
        },
        { type: 'short_answer', description: '<p>Anything else?</p>', point: 0 },
      ],
    },
  });
  expect(saved.statusCode, saved.body).toBe(201);
});
afterAll(async () => t.close());

type Window = { start?: Date | null; end?: Date | null; anonymous?: boolean; published?: boolean };

async function createQuestionnaire(window: Window = {}): Promise<number> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/courses/${courseId}/activities`,
    headers: teacher.headers,
    payload: {
      module_id: moduleId,
      type: 'questionnaire',
      title: 'Mid-term feedback',
      published: window.published ?? true,
      start_time: window.start ? window.start.toISOString() : null,
      end_time: window.end ? window.end.toISOString() : null,
      data: { is_anonymous: window.anonymous ?? false, description: 'Tell us' },
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json<{ id: number }>().id;
  const copy = await t.app.inject({
    method: 'POST',
    url: `/api/subject-libs/${libId}/copy?questionnaireId=${id}`,
    headers: teacher.headers,
    payload: {},
  });
  expect(copy.statusCode, copy.body).toBe(201);
  return id;
}

async function distribute(id: number, session: Session): Promise<QuestionnaireDistributeResponse> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/questionnaire/${id}/distribute`,
    headers: session.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return QuestionnaireDistributeResponseSchema.parse(res.json());
}

const submit = (id: number, session: Session, subjects: unknown) =>
  t.app.inject({
    method: 'POST',
    url: `/api/questionnaire/${id}/submissions`,
    headers: { ...session.headers, 'accept-language': 'en-US' },
    payload: { subjects },
  });

async function results(id: number, session = teacher): Promise<QuestionnaireResults> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/questionnaire/${id}/results`,
    headers: session.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return QuestionnaireResultsSchema.parse(res.json());
}

/** A full, valid answer: option index per choice question and a text. */
function answersFor(paper: QuestionnaireDistributeResponse, pace: number, liked: number[], text: string) {
  const [single, multiple, short] = paper.subjects;
  return [
    { subject_id: single!.id, answer_option_ids: [single!.options[pace]!.id] },
    { subject_id: multiple!.id, answer_option_ids: liked.map((i) => multiple!.options[i]!.id) },
    { subject_id: short!.id, answer: text },
  ];
}

describe('a questionnaire built from a questionnaire library', () => {
  it('carries the copied questions without answers or points, and lists for students and the team', async () => {
    const id = await createQuestionnaire();
    const paper = await distribute(id, student(0));
    expect(paper.subjects.map((s) => s.type)).toEqual([
      'single_selection',
      'multiple_selection',
      'short_answer',
    ]);
    expect(paper.subjects.every((s) => s.point === 0)).toBe(true);
    expect(JSON.stringify(paper)).not.toContain('is_answer');
    expect(paper).toMatchObject({
      can_submit: true,
      can_see_results: false,
      submission: null,
      description: 'Tell us',
    });

    const studentList = await t.app.inject({
      method: 'GET',
      url: `/api/courses/${courseId}/questionnaire-list`,
      headers: student(0).headers,
    });
    const item = QuestionnaireListResponseSchema.parse(studentList.json()).questionnaires.find(
      (q) => q.id === id,
    );
    expect(item).toMatchObject({ subjects_count: 3, submitted: false, submission_count: null });
    const teamList = await t.app.inject({
      method: 'GET',
      url: `/api/courses/${courseId}/questionnaire-list`,
      headers: teacher.headers,
    });
    const teamItem = QuestionnaireListResponseSchema.parse(teamList.json()).questionnaires.find(
      (q) => q.id === id,
    );
    expect(teamItem).toMatchObject({ submission_count: 0 });
  });

  it('refuses library questions a questionnaire cannot hold, and more questions once someone answered', async () => {
    const lib = await t.app.inject({
      method: 'POST',
      url: '/api/subject-libs',
      headers: teacher.headers,
      payload: { title: 'Exam questions' },
    });
    const examLib = lib.json<{ id: number }>().id;
    await t.app.inject({
      method: 'POST',
      url: `/api/subject-libs/${examLib}/subjects`,
      headers: teacher.headers,
      payload: {
        subjects: [
          {
            type: 'matching',
            description: '<p>Match</p>',
            point: 2,
            options: [
              { content: 'A', sort: 0 },
              { content: 'B', sort: 1 },
            ],
            pairs: [
              { sort: 0, content: 'a', option_sort: 0 },
              { sort: 1, content: 'b', option_sort: 1 },
            ],
          },
        ],
      },
    });
    const id = await createQuestionnaire();
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/subject-libs/${examLib}/copy?questionnaireId=${id}`,
      headers: { ...teacher.headers, 'accept-language': 'en-US' },
      payload: {},
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors.subject_ids[0]).toMatch(/single and multiple choice/);

    const paper = await distribute(id, student(0));
    expect((await submit(id, student(0), answersFor(paper, 0, [0], 'ok'))).statusCode).toBe(200);
    const late = await t.app.inject({
      method: 'POST',
      url: `/api/subject-libs/${libId}/copy?questionnaireId=${id}`,
      headers: teacher.headers,
      payload: {},
    });
    expect(late.statusCode).toBe(409);
    expect((await distribute(id, student(0))).subjects).toHaveLength(3);
  });
});

describe('the questions of a questionnaire', () => {
  const remove = (id: number, subjectId: number, session = teacher) =>
    t.app.inject({
      method: 'DELETE',
      url: `/api/questionnaire/${id}/subjects/${subjectId}`,
      headers: { ...session.headers, 'accept-language': 'en-US' },
    });
  const sort = (id: number, subjectIds: number[], session = teacher) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/questionnaire/${id}/subjects/sort`,
      headers: { ...session.headers, 'accept-language': 'en-US' },
      payload: { subject_ids: subjectIds },
    });

  it('are removed and reordered by the team until the first answer, then refused with 409', async () => {
    const id = await createQuestionnaire();
    const [single, multiple, short] = (await distribute(id, teacher)).subjects.map((s) => s.id) as [
      number,
      number,
      number,
    ];
    expect((await distribute(id, teacher)).submission_count).toBe(0);

    const removed = await remove(id, multiple);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().message).toBe('The question was removed.');
    const sorted = await sort(id, [short, single]);
    expect(sorted.statusCode, sorted.body).toBe(200);
    expect(sorted.json().subjects.map((s: { id: number }) => s.id)).toEqual([short, single]);
    expect((await distribute(id, student(0))).subjects.map((s) => s.id)).toEqual([short, single]);
    // Not every question, or one of another questionnaire, is no order.
    expect((await sort(id, [short])).statusCode).toBe(400);
    expect((await remove(id, 999_999)).statusCode).toBe(404);

    const [, singleNow] = (await distribute(id, student(0))).subjects;
    const answered = await submit(id, student(0), [
      { subject_id: short, answer: 'Fine' },
      { subject_id: single, answer_option_ids: [singleNow!.options[0]!.id] },
    ]);
    expect(answered.statusCode, answered.body).toBe(200);
    expect((await distribute(id, teacher)).submission_count).toBe(1);
    const late = await remove(id, single);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(
      'Someone has already answered this questionnaire; its questions can no longer be removed or reordered.',
    );
    expect((await sort(id, [single, short])).statusCode).toBe(409);
    expect((await distribute(id, student(0))).subjects.map((s) => s.id)).toEqual([short, single]);
  });

  it('are the teaching team’s to change, not students’ or outsiders’', async () => {
    const id = await createQuestionnaire();
    const [first] = (await distribute(id, teacher)).subjects.map((s) => s.id) as [number];
    expect((await remove(id, first, student(0))).statusCode).toBe(403);
    expect((await remove(id, first, outsider)).statusCode).toBe(403);
    expect((await sort(id, [first], student(0))).statusCode).toBe(403);
    expect((await distribute(id, student(0))).submission_count).toBeNull();
    expect((await remove(id, first, assistant)).statusCode).toBe(200);
  });

  it('publish questionnaire.submitted to the course when a student answers, naming nobody', async () => {
    const id = await createQuestionnaire();
    const paper = await distribute(id, student(0));
    const events: { courseId: number; type: string; data: Record<string, unknown> }[] = [];
    const unsubscribe = t.app.push.subscribe((message) => events.push(message));
    try {
      expect((await submit(id, student(2), answersFor(paper, 0, [0], 'ok'))).statusCode).toBe(200);
      await vi.waitFor(
        () =>
          expect(events.filter((e) => e.type === 'questionnaire.submitted')).toEqual([
            expect.objectContaining({ courseId, data: { activity_id: id } }),
          ]),
        { timeout: 15_000 },
      );
    } finally {
      unsubscribe();
    }
  });
});

describe('answering', () => {
  it('rejects bad answers with a message and per-question errors, storing nothing', async () => {
    const id = await createQuestionnaire();
    const paper = await distribute(id, student(0));
    const [single, multiple, short] = paper.subjects;
    const res = await submit(id, student(0), [
      { subject_id: single!.id, answer_option_ids: single!.options.map((o) => o.id) },
      { subject_id: multiple!.id, answer_option_ids: [999_999] },
    ]);
    expect(res.statusCode).toBe(400);
    const body = res.json<{ message: string; errors: Record<string, string[]> }>();
    expect(body.message).toBeTruthy();
    expect(body.errors[`subjects.${single!.id}`]).toEqual(['Choose exactly one option for this question.']);
    expect(body.errors[`subjects.${multiple!.id}`]).toEqual(['The chosen option does not exist.']);
    expect(body.errors[`subjects.${short!.id}`]).toEqual(['Answer this question.']);

    const foreign = await submit(id, student(0), [{ subject_id: 999_999, answer: 'x' }]);
    expect(foreign.json().errors.subjects).toEqual(['This question is not in the questionnaire.']);
    const tooLong = await submit(id, student(0), [{ subject_id: short!.id, answer: 'x'.repeat(5001) }]);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().errors['subjects.0.answer']).toEqual([
      'An answer can have at most 5000 characters.',
    ]);
    const stored = await t.db
      .select()
      .from(questionnaireSubmissions)
      .where(eq(questionnaireSubmissions.activityId, id));
    expect(stored).toHaveLength(0);
  });

  it('keeps one submission per student, editable while open, and returns it to its author', async () => {
    const id = await createQuestionnaire();
    const paper = await distribute(id, student(1));
    const first = await submit(id, student(1), answersFor(paper, 0, [0], 'first'));
    expect(first.statusCode, first.body).toBe(200);
    const second = await submit(id, student(1), answersFor(paper, 2, [0, 1], 'second'));
    expect(second.statusCode).toBe(200);
    expect(second.json().submitted_at).toBe(first.json().submitted_at);
    const rows = await t.db
      .select()
      .from(questionnaireSubmissions)
      .where(eq(questionnaireSubmissions.activityId, id));
    expect(rows).toHaveLength(1);
    const mine = (await distribute(id, student(1))).submission;
    expect(mine?.subjects[2]?.answer).toBe('second');
    expect(mine?.subjects[0]?.answer_option_ids).toEqual([paper.subjects[0]!.options[2]!.id]);
    // Another student never sees it.
    expect((await distribute(id, student(2))).submission).toBeNull();
  });

  it('accepts answers only inside the window', async () => {
    const now = Date.now();
    const early = await createQuestionnaire({ start: new Date(now + HOUR) });
    const paper = await distribute(early, student(0));
    expect(paper).toMatchObject({ status: 'not_started', can_submit: false });
    const before = await submit(early, student(0), answersFor(paper, 0, [0], 'x'));
    expect(before.statusCode).toBe(409);
    expect(before.json().message).toBe('This questionnaire is not open.');

    const closed = await createQuestionnaire({ start: new Date(now - 2 * HOUR), end: new Date(now - HOUR) });
    const closedPaper = await distribute(closed, student(0));
    expect((await submit(closed, student(0), answersFor(closedPaper, 0, [0], 'x'))).statusCode).toBe(409);
  });

  it('lets only students of the course answer', async () => {
    const id = await createQuestionnaire();
    const paper = await distribute(id, teacher);
    const answers = answersFor(paper, 0, [0], 'x');
    expect((await submit(id, teacher, answers)).statusCode).toBe(403);
    expect((await submit(id, assistant, answers)).statusCode).toBe(403);
    expect((await submit(id, simulating, answers)).statusCode).toBe(403);
    expect((await submit(id, outsider, answers)).statusCode).toBe(403);
    const draft = await createQuestionnaire({ published: false });
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/questionnaire/${draft}/distribute`,
          headers: student(0).headers,
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('results', () => {
  it('counts each option and lists written answers with their authors in a named questionnaire', async () => {
    const id = await createQuestionnaire();
    const paper = await distribute(id, student(0));
    expect((await submit(id, student(0), answersFor(paper, 1, [0, 1], 'More labs'))).statusCode).toBe(200);
    expect((await submit(id, student(1), answersFor(paper, 1, [1], 'Great'))).statusCode).toBe(200);
    const r = await results(id, assistant);
    expect(r.summary).toEqual({ studentsCount: 3, submitterCount: 2 });
    const [single, multiple, short] = r.subjects;
    expect(single!.options.map((o) => o.chosenCount)).toEqual([0, 2, 0]);
    expect(single!.options.every((o) => !o.isAnswer)).toBe(true);
    expect(multiple!.options.map((o) => o.chosenCount)).toEqual([1, 2]);
    expect(multiple!.submitterCount).toBe(2);
    expect(short!.text_answers).toEqual([
      {
        content: 'More labs',
        respondent: { id: students[0]!.id, user_no: students[0]!.userNo, name: students[0]!.name },
      },
      {
        content: 'Great',
        respondent: { id: students[1]!.id, user_no: students[1]!.userNo, name: students[1]!.name },
      },
    ]);
    expect(r.respondents?.map((p) => p.id)).toEqual([students[0]!.id, students[1]!.id]);
  });

  it('never says who answered what in an anonymous questionnaire', async () => {
    const id = await createQuestionnaire({ anonymous: true });
    const paper = await distribute(id, student(0));
    expect(paper.is_anonymous).toBe(true);
    await submit(id, student(0), answersFor(paper, 0, [0], 'zebra'));
    await submit(id, student(1), answersFor(paper, 2, [1], 'apple'));
    const r = await results(id);
    expect(r.respondents).toBeNull();
    expect(r.subjects[2]!.text_answers).toEqual([
      { content: 'apple', respondent: null },
      { content: 'zebra', respondent: null },
    ]);
    const text = JSON.stringify(r);
    for (const s of students) {
      expect(text).not.toContain(s.name);
      expect(text).not.toContain(s.userNo);
    }
    expect(r.summary.submitterCount).toBe(2);
  });

  it('is for the teaching team only', async () => {
    const id = await createQuestionnaire();
    for (const session of [student(0), simulating]) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/questionnaire/${id}/results`,
        headers: session.headers,
      });
      expect(res.statusCode).toBe(403);
    }
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/questionnaire/${id}/results`,
      headers: outsider.headers,
    });
    expect(res.statusCode).toBe(403);
  });
});
