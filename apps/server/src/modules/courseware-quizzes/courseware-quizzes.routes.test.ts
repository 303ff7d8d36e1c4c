import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  CoursewareQuizStatisticsSchema,
  CoursewareQuizSubjectsResponseSchema,
  CoursewareQuizSubmissionSchema,
  CoursewareQuizzesResponseSchema,
  MyCoursewareQuizSubmissionResponseSchema,
  type CoursewareQuizSubjectsResponse,
} from '@lectern/contracts/courseware-quizzes/courseware-quizzes.schemas';
import { coursewareQuizSubmissions } from '../../db/schema/courseware-quizzes.ts';
import { createSubjectLib, insertSubjects } from '../../test/exams-factories.ts';
import {
  addMember,
  createActivity,
  createCourse,
  createUpload,
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
let ownerId: number;
let orgId: number;
let teacher: Session;
let assistant: Session;
let outsider: Session;
let simulating: Session;
let students: Session[];
let libId: number;
let essayLibId: number;
let videoId: number;

const en = (session: Session) => ({ ...session.headers, 'accept-language': 'en-US' });

beforeAll(async () => {
  t = await createTestApp();
  orgId = (await createOrg(t)).id;
  const owner = await createUser(t, orgId);
  ownerId = owner.id;
  const helper = await createUser(t, orgId);
  const stranger = await createUser(t, orgId);
  courseId = (await createCourse(t, orgId, owner.id, { name: 'Algorithms' })).id;
  moduleId = (await createModule(t, courseId)).id;
  await addMember(t, courseId, helper.id, ['instructor_assistant']);
  const otherCourse = await createCourse(t, orgId, owner.id);
  await addMember(t, otherCourse.id, stranger.id, ['student']);
  students = [];
  for (let i = 0; i < 3; i += 1) {
    const user = await createUser(t, orgId);
    await addMember(t, courseId, user.id, ['student']);
    students.push(await loginAs(t, user));
  }
  teacher = await loginAs(t, owner);
  assistant = await loginAs(t, helper);
  outsider = await loginAs(t, stranger);
  simulating = await loginAs(t, owner, { simulatingCourseId: courseId });

  libId = (await createSubjectLib(t, { orgId, ownerId: owner.id, courseId })).id;
  await insertSubjects(
    t,
    { libId },
    [
      {
        type: 'single_selection',
        description: '<p>Cost of one loop?</p>',
        point: 2,
        answer_explanation: '<p>n steps</p>',
        options: [
          { content: 'O(n)', is_answer: true },
          { content: 'O(1)', is_answer: false },
        ],
      },
      {
        type: 'fill_in_blank',
        description: '<p>Big ___ notation</p>',
        point: 1,
        blanks: [{ sort: 0, answers: ['O'] }],
      },
    ],
    owner.id,
  );
  essayLibId = (await createSubjectLib(t, { orgId, ownerId: owner.id, courseId })).id;
  await insertSubjects(
    t,
    { libId: essayLibId },
    [{ type: 'short_answer', description: '<p>Why?</p>', point: 5 }],
    owner.id,
  );
  videoId = (
    await createActivity(t, { courseId, moduleId, createdBy: owner.id, type: 'online_video', title: 'Loops' })
  ).id;
});
afterAll(async () => t.close());

const publish = (id: number, published: unknown, session: Session = teacher) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/courseware-quiz/quiz/${id}/publish`,
    headers: en(session),
    payload: { published },
  });

/** A quiz as the team makes one: created (unpublished), questions copied in, then published. */
async function createQuiz(position: number, withQuestions = true, published = true): Promise<number> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/courseware-quiz/activity/${videoId}/quizzes`,
    headers: teacher.headers,
    payload: { title: `At ${position}s`, position },
  });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json<{ id: number }>().id;
  if (withQuestions) {
    const copy = await t.app.inject({
      method: 'POST',
      url: `/api/subject-libs/${libId}/copy?videoQuizId=${id}`,
      headers: teacher.headers,
      payload: {},
    });
    expect(copy.statusCode, copy.body).toBe(201);
  }
  if (published) expect((await publish(id, true)).statusCode).toBe(200);
  return id;
}

async function subjectsOf(id: number, session: Session): Promise<CoursewareQuizSubjectsResponse> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/courseware-quiz/quiz/${id}/subjects`,
    headers: session.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return CoursewareQuizSubjectsResponseSchema.parse(res.json());
}

const submit = (id: number, session: Session, subjects: unknown) =>
  t.app.inject({
    method: 'POST',
    url: `/api/courseware-quiz/quiz/${id}/submissions`,
    headers: en(session),
    payload: { subjects },
  });

/** Right answers to the library's two questions (`right` false answers the choice wrongly). */
function answers(paper: CoursewareQuizSubjectsResponse, right = true) {
  const [choice, blank] = paper.subjects;
  const option = choice!.options.find((o) => o.content === (right ? 'O(n)' : 'O(1)'))!;
  return [
    { subject_id: choice!.id, answer_option_ids: [option.id] },
    { subject_id: blank!.id, answers: [{ sort: 0, content: ' o ' }] },
  ];
}

describe('placing quizzes in a video', () => {
  it('lists a video’s quizzes in playing order with their question counts', async () => {
    const late = await createQuiz(300);
    const early = await createQuiz(20, false);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/courseware-quiz/activity/${videoId}/quizzes`,
      headers: students[0]!.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = CoursewareQuizzesResponseSchema.parse(res.json());
    const mine = body.quizzes.filter((q) => q.id === late || q.id === early);
    expect(mine.map((q) => [q.id, q.position, q.subjects_count, q.submission_count])).toEqual([
      [early, 20, 0, null],
      [late, 300, 2, null],
    ]);
    expect(body.can_submit).toBe(true);
    expect(body.can_manage).toBe(false);
  });

  it('moves a quiz and refuses a position that is not whole seconds, naming the field', async () => {
    const id = await createQuiz(40, false);
    const moved = await t.app.inject({
      method: 'PUT',
      url: `/api/courseware-quiz/quiz/${id}`,
      headers: assistant.headers,
      payload: { title: 'Moved', position: 45 },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ id, title: 'Moved', position: 45 });
    const bad = await t.app.inject({
      method: 'PUT',
      url: `/api/courseware-quiz/quiz/${id}`,
      headers: en(teacher),
      payload: { title: 'x', position: -1.5 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ errors: Record<string, string[]> }>().errors.position).toBeDefined();
    const missing = await t.app.inject({
      method: 'POST',
      url: `/api/courseware-quiz/activity/${videoId}/quizzes`,
      headers: en(teacher),
      payload: { title: 'No time' },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ errors: Record<string, string[]> }>().errors.position).toEqual([
      'Enter the time in the video where the quiz appears.',
    ]);
  });

  it('places quizzes only in online videos', async () => {
    const material = await createActivity(t, { courseId, moduleId, createdBy: ownerId, type: 'material' });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/courseware-quiz/activity/${material.id}/quizzes`,
      headers: teacher.headers,
      payload: { position: 1 },
    });
    expect(res.statusCode).toBe(404);
  });

  it('copies only questions a quiz can grade on the spot', async () => {
    const id = await createQuiz(60, false);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/subject-libs/${essayLibId}/copy?videoQuizId=${id}`,
      headers: en(teacher),
      payload: {},
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ errors: Record<string, string[]> }>().errors.subject_ids).toEqual([
      'A video quiz holds single and multiple choice, true or false and fill-in-the-blank questions only.',
    ]);
  });

  it('deletes an unanswered quiz with its questions; an answered one stays', async () => {
    const unanswered = await createQuiz(70);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/courseware-quiz/quiz/${unanswered}`,
      headers: teacher.headers,
    });
    expect(del.statusCode, del.body).toBe(200);
    const gone = await t.app.inject({
      method: 'GET',
      url: `/api/courseware-quiz/quiz/${unanswered}/subjects`,
      headers: teacher.headers,
    });
    expect(gone.statusCode).toBe(404);

    const answered = await createQuiz(80);
    expect(
      (await submit(answered, students[2]!, answers(await subjectsOf(answered, students[2]!)))).statusCode,
    ).toBe(200);
    const refused = await t.app.inject({
      method: 'DELETE',
      url: `/api/courseware-quiz/quiz/${answered}`,
      headers: en(teacher),
    });
    expect(refused.statusCode).toBe(409);
    const copyAgain = await t.app.inject({
      method: 'POST',
      url: `/api/subject-libs/${libId}/copy?videoQuizId=${answered}`,
      headers: teacher.headers,
      payload: {},
    });
    expect(copyAgain.statusCode).toBe(409);
  });
});

describe('answering a quiz', () => {
  it('shows the questions without their answers', async () => {
    const id = await createQuiz(100);
    const paper = await subjectsOf(id, students[0]!);
    expect(paper.subjects.map((s) => s.type)).toEqual(['single_selection', 'fill_in_blank']);
    expect(JSON.stringify(paper)).not.toContain('is_answer');
    expect(JSON.stringify(paper)).not.toContain('n steps');
  });

  it('grades by the exams’ rules, shows the right answers and stores the answers', async () => {
    const id = await createQuiz(110);
    const student = students[0]!;
    const none = await t.app.inject({
      method: 'GET',
      url: `/api/courseware-quiz/quiz/${id}/my-submission`,
      headers: student.headers,
    });
    expect(MyCoursewareQuizSubmissionResponseSchema.parse(none.json()).submission).toBeNull();

    const paper = await subjectsOf(id, student);
    const res = await submit(id, student, answers(paper, false));
    expect(res.statusCode, res.body).toBe(200);
    const result = CoursewareQuizSubmissionSchema.parse(res.json());
    expect(result.score).toBe(1);
    expect(result.total_points).toBe(3);
    expect(result.correct_count).toBe(1);
    const [choice, blank] = result.subjects;
    expect(choice).toMatchObject({ correct: false, score: 0, answer_explanation: '<p>n steps</p>' });
    const right = paper.subjects[0]!.options.find((o) => o.content === 'O(n)')!.id;
    expect(choice!.correct_option_ids).toEqual([right]);
    // A blank is compared trimmed and case-folded, as in exams.
    expect(blank).toMatchObject({ correct: true, score: 1, correct_blanks: [{ sort: 0, answers: ['O'] }] });

    const stored = await t.db
      .select()
      .from(coursewareQuizSubmissions)
      .where(eq(coursewareQuizSubmissions.quizId, id));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.score).toBe(1);

    const back = await t.app.inject({
      method: 'GET',
      url: `/api/courseware-quiz/quiz/${id}/my-submission`,
      headers: student.headers,
    });
    expect(MyCoursewareQuizSubmissionResponseSchema.parse(back.json()).submission?.score).toBe(1);

    const list = CoursewareQuizzesResponseSchema.parse(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/courseware-quiz/activity/${videoId}/quizzes`,
          headers: student.headers,
        })
      ).json(),
    );
    expect(list.quizzes.find((q) => q.id === id)?.submitted).toBe(true);
  });

  it('hands in once: a resent submission returns the first one unchanged', async () => {
    const id = await createQuiz(120);
    const student = students[1]!;
    const paper = await subjectsOf(id, student);
    expect((await submit(id, student, answers(paper, false))).statusCode).toBe(200);
    const again = await submit(id, student, answers(paper, true));
    expect(again.statusCode).toBe(200);
    expect(CoursewareQuizSubmissionSchema.parse(again.json()).score).toBe(1);
    const stored = await t.db
      .select()
      .from(coursewareQuizSubmissions)
      .where(eq(coursewareQuizSubmissions.quizId, id));
    expect(stored.map((s) => s.score)).toEqual([1]);
  });

  it('refuses unanswered questions and foreign options with errors per question', async () => {
    const id = await createQuiz(130);
    const paper = await subjectsOf(id, students[0]!);
    const [choice, blank] = paper.subjects;
    const res = await submit(id, students[0]!, [{ subject_id: choice!.id, answer_option_ids: [999_999] }]);
    expect(res.statusCode).toBe(400);
    const errors = res.json<{ errors: Record<string, string[]> }>().errors;
    expect(errors[`subjects.${choice!.id}`]).toEqual(['The chosen option does not exist.']);
    expect(errors[`subjects.${blank!.id}`]).toEqual(['Answer this question.']);
    const notList = await t.app.inject({
      method: 'POST',
      url: `/api/courseware-quiz/quiz/${id}/submissions`,
      headers: en(students[0]!),
      payload: { subjects: 'all' },
    });
    expect(notList.statusCode).toBe(400);
    expect(notList.json<{ errors: Record<string, string[]> }>().errors.subjects).toEqual([
      'Send the answers of the quiz.',
    ]);
    const stored = await t.db
      .select()
      .from(coursewareQuizSubmissions)
      .where(eq(coursewareQuizSubmissions.quizId, id));
    expect(stored).toEqual([]);
  });

  it('refuses a quiz without questions', async () => {
    const id = await createQuiz(140, false);
    expect((await submit(id, students[0]!, [])).statusCode).toBe(409);
  });
});

describe('who may do what', () => {
  it('lets only the teaching team manage and see statistics; only students answer', async () => {
    const id = await createQuiz(200);
    const paper = await subjectsOf(id, students[0]!);
    for (const session of [students[0]!, simulating, outsider]) {
      const create = await t.app.inject({
        method: 'POST',
        url: `/api/courseware-quiz/activity/${videoId}/quizzes`,
        headers: session.headers,
        payload: { position: 1 },
      });
      expect([403, 404]).toContain(create.statusCode);
      const stats = await t.app.inject({
        method: 'GET',
        url: `/api/courseware-quiz/quiz/${id}/statistics`,
        headers: session.headers,
      });
      expect([403, 404]).toContain(stats.statusCode);
    }
    for (const session of [teacher, assistant, simulating, outsider]) {
      expect([403, 404]).toContain((await submit(id, session, answers(paper))).statusCode);
    }
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/courseware-quiz/quiz/${id}/subjects`,
      headers: outsider.headers,
    });
    expect(read.statusCode).toBe(403);
  });

  it('starts a quiz unpublished; students never list, read or answer it until it is published', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: `/api/courseware-quiz/activity/${videoId}/quizzes`,
      headers: teacher.headers,
      payload: { position: 250 },
    });
    expect(created.json<{ published: boolean }>().published).toBe(false);
    const id = await createQuiz(260, true, false);
    const listFor = async (session: Session) =>
      CoursewareQuizzesResponseSchema.parse(
        (
          await t.app.inject({
            method: 'GET',
            url: `/api/courseware-quiz/activity/${videoId}/quizzes`,
            headers: session.headers,
          })
        ).json(),
      ).quizzes.find((q) => q.id === id);
    expect((await listFor(teacher))?.published).toBe(false);
    expect((await listFor(assistant))?.published).toBe(false);
    expect(await listFor(students[0]!)).toBeUndefined();
    expect(await listFor(simulating)).toBeUndefined();
    const studentReads = async () =>
      Promise.all(
        ['subjects', 'my-submission'].map(
          async (path) =>
            (
              await t.app.inject({
                method: 'GET',
                url: `/api/courseware-quiz/quiz/${id}/${path}`,
                headers: students[1]!.headers,
              })
            ).statusCode,
        ),
      );
    expect(await studentReads()).toEqual([404, 404]);
    const teamPaper = await subjectsOf(id, teacher);
    const refused = await submit(id, students[1]!, answers(teamPaper));
    expect(refused.statusCode).toBe(404);
    const stored = () =>
      t.db.select().from(coursewareQuizSubmissions).where(eq(coursewareQuizSubmissions.quizId, id));
    expect(await stored()).toHaveLength(0);

    const published = await publish(id, true);
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json<{ published: boolean }>().published).toBe(true);
    expect((await listFor(students[1]!))?.published).toBe(true);
    expect(await studentReads()).toEqual([200, 200]);
    expect((await submit(id, students[1]!, answers(teamPaper))).statusCode).toBe(200);

    // Unpublishing an answered quiz hides it again and keeps the answer for the statistics.
    expect((await publish(id, false, assistant)).statusCode).toBe(200);
    expect(await listFor(students[1]!)).toBeUndefined();
    expect(await studentReads()).toEqual([404, 404]);
    expect(await stored()).toHaveLength(1);
    const stats = await t.app.inject({
      method: 'GET',
      url: `/api/courseware-quiz/quiz/${id}/statistics`,
      headers: teacher.headers,
    });
    expect(CoursewareQuizStatisticsSchema.parse(stats.json()).summary.submitterCount).toBe(1);
  });

  it('lets only the teaching team publish, with the field named when the flag is missing', async () => {
    const id = await createQuiz(270, true, false);
    for (const session of [students[0]!, simulating, outsider]) {
      expect([403, 404]).toContain((await publish(id, true, session)).statusCode);
    }
    const bad = await publish(id, 'yes');
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ errors: Record<string, string[]> }>().errors.published).toEqual([
      'Choose whether the quiz is published.',
    ]);
  });

  it('hides the quizzes of an unpublished video from students', async () => {
    const draft = await createActivity(t, {
      courseId,
      moduleId,
      createdBy: ownerId,
      type: 'online_video',
      published: false,
    });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/courseware-quiz/activity/${draft.id}/quizzes`,
      headers: teacher.headers,
      payload: { position: 5 },
    });
    expect(res.statusCode).toBe(201);
    const quizId = res.json<{ id: number }>().id;
    for (const url of [
      `/api/courseware-quiz/activity/${draft.id}/quizzes`,
      `/api/courseware-quiz/quiz/${quizId}/subjects`,
      `/api/courseware-quiz/quiz/${quizId}/my-submission`,
    ]) {
      expect((await t.app.inject({ method: 'GET', url, headers: students[0]!.headers })).statusCode).toBe(
        404,
      );
    }
  });
});

describe('statistics', () => {
  it('counts answers, right answers and chosen options per question', async () => {
    const id = await createQuiz(250);
    const paper = await subjectsOf(id, students[0]!);
    await submit(id, students[0]!, answers(paper, true));
    await submit(id, students[1]!, answers(paper, false));
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/courseware-quiz/quiz/${id}/statistics`,
      headers: assistant.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    const stats = CoursewareQuizStatisticsSchema.parse(res.json());
    expect(stats.summary).toEqual({ studentsCount: 3, submitterCount: 2 });
    const [choice, blank] = stats.subjects;
    expect(choice).toMatchObject({ submitterCount: 2, correctCount: 1 });
    expect(choice!.options.map((o) => [o.content, o.isAnswer, o.chosenCount])).toEqual([
      ['O(n)', true, 1],
      ['O(1)', false, 1],
    ]);
    expect(blank).toMatchObject({ submitterCount: 2, correctCount: 2 });
    const list = CoursewareQuizzesResponseSchema.parse(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/courseware-quiz/activity/${videoId}/quizzes`,
          headers: teacher.headers,
        })
      ).json(),
    );
    expect(list.can_manage).toBe(true);
    expect(list.quizzes.find((q) => q.id === id)?.submission_count).toBe(2);
  });
});

describe('pictures in quiz questions', () => {
  it('shows a copied question’s picture to the video’s students once published, not to others', async () => {
    const upload = await createUpload(t, orgId, ownerId, {
      name: 'loop.png',
      bytes: Buffer.from('loop picture'),
    });
    const pictureLib = (await createSubjectLib(t, { orgId, ownerId, courseId })).id;
    const saved = await t.app.inject({
      method: 'POST',
      url: `/api/subject-libs/${pictureLib}/subjects`,
      headers: teacher.headers,
      payload: {
        subjects: [
          {
            type: 'true_or_false',
            description: `<p>Linear?</p><p><img src="/api/uploads/${upload.id}/blob"></p>`,
            point: 1,
            options: [
              { content: 'True', is_answer: true },
              { content: 'False', is_answer: false },
            ],
          },
        ],
      },
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const blob = (session: Session) =>
      t.app.inject({ method: 'GET', url: `/api/uploads/${upload.id}/blob`, headers: session.headers });
    // The library is the teaching team's: before the copy, a student cannot see its picture.
    expect([403, 404]).toContain((await blob(students[0]!)).statusCode);

    const quiz = await createQuiz(400, false, false);
    const copy = await t.app.inject({
      method: 'POST',
      url: `/api/subject-libs/${pictureLib}/copy?videoQuizId=${quiz}`,
      headers: teacher.headers,
      payload: {},
    });
    expect(copy.statusCode, copy.body).toBe(201);
    // An unpublished quiz is not there for students, and neither are its pictures; the team sees them.
    expect([403, 404]).toContain((await blob(students[0]!)).statusCode);
    expect((await blob(assistant)).statusCode).toBe(200);
    expect((await publish(quiz, true)).statusCode).toBe(200);
    expect((await blob(students[0]!)).statusCode).toBe(200);
    expect([403, 404]).toContain((await blob(outsider)).statusCode);
  });
});
