import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activities } from '../db/schema/activities.ts';
import { courses } from '../db/schema/courses.ts';
import { users } from '../db/schema/identity.ts';
import { uploadReferences } from '../db/schema/uploads.ts';
import { seedDemoIfEmpty } from '../seed/demo-seed.ts';
import { DEMO_PASSWORD, studentNo } from '../seed/demo-people.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

/**
 * Replays, against the demo data, the calls five open-source clients of the original system make, exactly
 * as they send them: path, query and body as they build them, the session cookie the sign-in set, and no
 * CSRF header. Each test names the client whose call it is, so a failure says which client breaks; the
 * assertions are the fields that client reads.
 */

/** The cookie name the clients send; written out, not imported, because it is the clients' contract. */
const SESSION_COOKIE = 'session';

const CLI_A = 'command-line tool A';
const CLI_B = 'command-line tool B';
const MOBILE = 'mobile helper app';
const ASSISTANT = 'assistant server';
const SKILL = 'browser skill';

let t: TestApp;
let cookie: string;
let studentId: number;
let courseId: number;
let videoId: number;
let videoDuration: number;
let materialId: number;
let referenceId: number;
let uploadId: number;
let forumId: number;
let examId: number;

/** Signs in through the login route as the clients do, keeping only the cookie the server set. */
async function signIn(login: string): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { login, password: DEMO_PASSWORD },
  });
  expect(response.statusCode).toBe(200);
  const session = response.cookies.find((c) => c.name === SESSION_COOKIE);
  if (!session) throw new Error(`login set no ${SESSION_COOKIE} cookie`);
  return `${SESSION_COOKIE}=${session.value}`;
}

/** One client call: the cookie and nothing else, as a script sends it (no CSRF header, no Origin). */
async function call(
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: Record<string, unknown>,
  as: string = cookie,
) {
  return t.app.inject({
    method,
    url,
    headers: { cookie: as, ...(payload ? { 'content-type': 'application/json' } : {}) },
    ...(payload ? { payload: JSON.stringify(payload) } : {}),
  });
}

async function json(
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: Record<string, unknown>,
  as: string = cookie,
) {
  const response = await call(method, url, payload, as);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoIfEmpty(t.db, t.app.log, { storage: t.storage });
  const [student] = await t.db
    .select()
    .from(users)
    .where(eq(users.userNo, studentNo(1)));
  const [course] = await t.db.select().from(courses).where(eq(courses.courseCode, 'CS201'));
  if (!student || !course) throw new Error('demo seed: no student or CS201');
  studentId = student.id;
  courseId = course.id;
  const inCourse = await t.db.select().from(activities).where(eq(activities.courseId, course.id));
  const video = inCourse.find((a) => a.type === 'online_video' && a.published);
  const material = inCourse.find((a) => a.type === 'material' && a.title === '第二章课件：线性表');
  const forum = inCourse.find((a) => a.type === 'forum');
  const exam = inCourse.find((a) => a.type === 'exam' && a.published);
  if (!video || !material || !forum || !exam) throw new Error('demo seed: CS201 lacks an activity');
  videoId = video.id;
  videoDuration = Number(video.data.duration);
  materialId = material.id;
  forumId = forum.id;
  examId = exam.id;
  const [reference] = await t.db
    .select()
    .from(uploadReferences)
    .where(
      and(eq(uploadReferences.parentType, 'learning_activity'), eq(uploadReferences.parentId, material.id)),
    );
  if (!reference) throw new Error('demo seed: the chapter 2 courseware has no file');
  referenceId = reference.id;
  uploadId = reference.uploadId;
  cookie = await signIn(studentNo(1));
});
afterAll(async () => t?.close());

describe('original clients, as they call us', () => {
  it(`${ASSISTANT}: GET /api/my-courses?page_size=1`, async () => {
    const body = await json('GET', '/api/my-courses?page_size=1');
    expect(body.courses).toHaveLength(1);
    expect(body.pages).toBeGreaterThanOrEqual(1);
  });

  it(`${MOBILE}: GET /api/current-semester-info`, async () => {
    const response = await call('GET', '/api/current-semester-info');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const body = response.json();
    expect(body.semester).toMatchObject({ id: expect.any(Number) });
    expect(body.academic_year).toMatchObject({ id: expect.any(Number) });
  });

  it(`${MOBILE}: GET /api/my-courses?page=1&page_size=50`, async () => {
    const body = await json('GET', '/api/my-courses?page=1&page_size=50');
    const course = body.courses.find((c: { id: number }) => c.id === courseId);
    expect(course).toMatchObject({
      id: courseId,
      name: '数据结构与算法',
      course_code: 'CS201',
      semester: { id: expect.any(Number), name: expect.any(String) },
    });
    expect(course.instructors).toContainEqual(
      expect.objectContaining({ id: expect.any(Number), name: '李伟' }),
    );
  });

  it(`${CLI_B}: GET /api/profile`, async () => {
    const body = await json('GET', '/api/profile');
    expect(body).toMatchObject({ id: studentId, user_no: studentNo(1), name: expect.any(String) });
    expect(body.email).toEqual(expect.any(String));
  });

  it(`${CLI_A}: GET /user/index`, async () => {
    const response = await call('GET', '/user/index');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toContain(`<input id="userId" value="${studentId}"`);
  });

  it(`${CLI_A}: GET /user/index without a session is sent to sign in`, async () => {
    const response = await t.app.inject({ method: 'GET', url: '/user/index' });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/login');
  });

  it(`${CLI_A}: GET /api/users/{id}/courses?conditions=…&fields=…&page=1&page_size=20`, async () => {
    const conditions = encodeURIComponent(JSON.stringify({ status: 'ongoing', keyword: '' }));
    const body = await json(
      'GET',
      `/api/users/${studentId}/courses?conditions=${conditions}&fields=id,name,course_code,instructors(id,name)&page=1&page_size=20`,
    );
    expect(body.pages).toBeGreaterThanOrEqual(1);
    expect(body.courses).toContainEqual({
      id: courseId,
      name: '数据结构与算法',
      course_code: 'CS201',
      instructors: expect.arrayContaining([expect.objectContaining({ name: '李伟' })]),
    });
  });

  it(`${CLI_B}: GET /api/user/recently-visited-courses (after opening a course)`, async () => {
    await json('GET', `/api/courses/${courseId}`);
    const body = await json('GET', '/api/user/recently-visited-courses');
    expect(body.visited_courses[0]).toMatchObject({
      id: courseId,
      name: '数据结构与算法',
      course_code: 'CS201',
    });
  });

  it(`${ASSISTANT}: GET /api/courses/{id}/enrollments/users/{u}`, async () => {
    const body = await json('GET', `/api/courses/${courseId}/enrollments/users/${studentId}`);
    expect(body).toMatchObject({ user_id: studentId, roles: ['student'], user: { id: studentId } });
  });

  it(`${SKILL}: GET /api/activities/{id}`, async () => {
    const body = await json('GET', `/api/activities/${videoId}`);
    expect(body).toMatchObject({ id: videoId, type: 'online_video', title: expect.any(String) });
    expect(body.deadline).toBe(body.end_time);
    expect(body.description).toBe('用几个典型循环讲解如何估算时间复杂度。');
  });

  it(`${CLI_B}: GET /api/course/{c}/learning-activity/{a}`, async () => {
    const body = await json('GET', `/api/course/${courseId}/learning-activity/${videoId}`);
    expect(body).toMatchObject({
      id: videoId,
      title: expect.any(String),
      type: 'online_video',
      duration: videoDuration,
    });
  });

  it(`${CLI_B}: GET /api/course/{id}/coursewares`, async () => {
    const body = await json('GET', `/api/course/${courseId}/coursewares`);
    const ids = body.activities.map((a: { id: number }) => a.id);
    expect(ids).toEqual(expect.arrayContaining([videoId, materialId]));
    expect(ids).not.toContain(examId);
  });

  it(`${CLI_A}: GET /api/activities/{id}/upload_references`, async () => {
    const body = await json('GET', `/api/activities/${materialId}/upload_references`);
    expect(body.upload_references).toContainEqual(
      expect.objectContaining({ upload_id: uploadId, name: expect.any(String) }),
    );
    expect(body.references).toContainEqual(
      expect.objectContaining({
        id: referenceId,
        upload: expect.objectContaining({ id: uploadId, size: expect.any(Number) }),
      }),
    );
  });

  it(`${CLI_A}: GET /api/uploads/{id}/url, then the file with the same session`, async () => {
    const { url } = await json('GET', `/api/uploads/${uploadId}/url`);
    expect(url).toMatch(/^https?:\/\//);
    const file = await call('GET', new URL(url).pathname + new URL(url).search);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it(`${CLI_A}: GET /api/uploads/reference/document/{id}/url, then the document`, async () => {
    const { url } = await json('GET', `/api/uploads/reference/document/${referenceId}/url`);
    const file = await call('GET', new URL(url).pathname + new URL(url).search);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toMatch(/application\/pdf/);
  });

  it(`${CLI_B}: GET /api/uploads/document/{id}/url, then the preview`, async () => {
    const { url } = await json('GET', `/api/uploads/document/${uploadId}/url`);
    const file = await call('GET', new URL(url).pathname + new URL(url).search);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toMatch(/application\/pdf/);
  });

  it(`${MOBILE}: GET /api/activities/{id}/comments?conditions={"type":"comment"}`, async () => {
    const conditions = encodeURIComponent(JSON.stringify({ type: 'comment' }));
    const body = await json(
      'GET',
      `/api/activities/${forumId}/comments?page=1&page_size=10&conditions=${conditions}`,
    );
    expect(body.comments.length).toBeGreaterThan(0);
    const named = body.comments.find((c: { anonymous: boolean }) => !c.anonymous);
    expect(named.user).toMatchObject({ id: expect.any(Number), name: expect.any(String) });
    expect(named.user).toEqual(named.created_by);
  });

  it(`${ASSISTANT}: GET /api/courses/{id}/live-record`, async () => {
    const body = await json('GET', `/api/courses/${courseId}/live-record`);
    expect(Array.isArray(body.live_records)).toBe(true);
  });

  it(`${MOBILE}: POST /api/course/activities-read/{id} with a watched range`, async () => {
    // The one write here: passes only because non-browser clients may write without a CSRF header
    // (issue 14's CSRF design, in the access plugin).
    const first = await json('POST', `/api/course/activities-read/${videoId}`, {
      start: 0,
      end: 600,
      duration: videoDuration,
    });
    expect(first.data.ranges).toEqual([[0, 600]]);
    expect(first.completeness).toBe('part');
    const second = await json('POST', `/api/course/activities-read/${videoId}`, {
      start: 590,
      end: videoDuration,
      duration: videoDuration,
    });
    expect(second.data).toMatchObject({ completeness: 100, ranges: [[0, videoDuration]] });
    expect(second.completeness).toBe('full');
  });

  it(`${SKILL}: POST /api/course/activities-read/{id} with a range past the end is refused per field`, async () => {
    const response = await call('POST', `/api/course/activities-read/${videoId}`, {
      start: 10,
      end: videoDuration + 100,
      duration: videoDuration,
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().errors)).toEqual(['end']);
  });

  it(`${ASSISTANT}: GET /api/courses/{id}/exam-list`, async () => {
    const body = await json('GET', `/api/courses/${courseId}/exam-list`);
    expect(body.exams).toContainEqual(expect.objectContaining({ id: examId, has_submitted: false }));
  });

  it(`${SKILL}: GET /api/exams/{id}/distribute, hand in, read the submission with its answers`, async () => {
    const paper = await json('GET', `/api/exams/${examId}/distribute`);
    expect(paper).toMatchObject({ allow_retake_exam: expect.any(Boolean), announce_answer: true });
    const handedIn = await json('POST', `/api/exams/${examId}/submissions`, {
      exam_paper_instance_id: paper.exam_paper_instance_id,
      exam_finished: 1,
      subjects: [],
    });
    const submission = await json('GET', `/api/exams/${examId}/submissions/${handedIn.id}`);
    expect(submission.correct_answers_data.correct_answers.length).toBeGreaterThan(0);
    const list = await json('GET', `/api/courses/${courseId}/exam-list`);
    expect(list.exams).toContainEqual(expect.objectContaining({ id: examId, has_submitted: true }));
  });

  it(`${ASSISTANT}: GET /api/courses/{id}/exam-scores`, async () => {
    const body = await json('GET', `/api/courses/${courseId}/exam-scores`);
    const entry = body.exam_scores.find((e: { exam_id: number }) => e.exam_id === examId);
    // Handed in above with a question left for marking: released, but no total until it is marked.
    expect(entry).toMatchObject({ title: '第一章 单元测验', score_released: true, submission_count: 1 });
    expect(entry).toHaveProperty('score', null);
  });
  describe('roll call, as the mobile helper app answers it', () => {
    let teacher: string;
    beforeAll(async () => {
      teacher = await signIn('t1001');
    });

    /** The instructor's side, through the same client paths the teacher app uses. */
    async function startRollcall(
      body: Record<string, unknown>,
    ): Promise<{ id: number; code: string | null }> {
      const created = await json('POST', `/api/course/${courseId}/rollcall`, body, teacher);
      const started = await json('POST', `/api/rollcall/${created.rollcall_id}/start-rollcall`, {}, teacher);
      return { id: created.rollcall_id, code: started.number_code };
    }

    it(`${MOBILE}: GET /api/radar/rollcalls, then PUT /api/rollcall/{id}/answer_number_rollcall`, async () => {
      const { id, code } = await startRollcall({ title: '课堂点名', is_number: true, is_radar: false });
      const open = await json('GET', '/api/radar/rollcalls');
      expect(open.rollcalls).toContainEqual(
        expect.objectContaining({ rollcall_id: id, is_number: true, is_radar: false, status: 'absent' }),
      );
      const answered = await json('PUT', `/api/rollcall/${id}/answer_number_rollcall`, {
        deviceId: 'A1B2C3D4-mobile',
        numberCode: code,
      });
      expect(answered).toMatchObject({ rollcall_id: id, status: 'on_call_fine' });
      const mine = await json('GET', `/api/rollcall/${id}/student_rollcalls`);
      expect(mine.student_rollcalls).toEqual([
        expect.objectContaining({ user_no: studentNo(1), rollcall_status: 'on_call_fine' }),
      ]);
    });

    it(`${MOBILE}: PUT /api/rollcall/{id}/answer?api_version=1.76 with the phone's position`, async () => {
      const { id } = await startRollcall({
        title: '雷达点名',
        is_radar: true,
        latitude: 31.0252,
        longitude: 121.4337,
      });
      const answered = await json('PUT', `/api/rollcall/${id}/answer?api_version=1.76`, {
        deviceId: 'A1B2C3D4-mobile',
        latitude: 31.02525,
        longitude: 121.43372,
        accuracy: 12,
        altitude: 8,
        speed: null,
      });
      expect(answered).toMatchObject({ rollcall_id: id, status: 'on_call_fine' });
      expect(answered.distance).toBeLessThan(100);
    });

    it(`${MOBILE}: a wrong code is refused per field and stores no check-in`, async () => {
      const { id, code } = await startRollcall({ title: '再次点名', is_number: true });
      const wrong = await call('PUT', `/api/rollcall/${id}/answer_number_rollcall`, {
        deviceId: 'A1B2C3D4-mobile',
        numberCode: code === '0000' ? '0001' : '0000',
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().errors.numberCode).toHaveLength(1);
      const mine = await json('GET', `/api/rollcall/${id}/student_rollcalls`);
      expect(mine.student_rollcalls[0].rollcall_status).toBe('absent');
    });
  });

  describe('votes, as the browser skill and the command-line tools answer them', () => {
    let voteId: number;
    beforeAll(async () => {
      const [vote] = await t.db
        .select()
        .from(activities)
        .where(and(eq(activities.courseId, courseId), eq(activities.type, 'vote')));
      if (!vote) throw new Error('demo seed: CS201 has no vote');
      voteId = vote.id;
    });

    it(`${SKILL}: GET /api/votes/{id}, reading the options and whether I voted`, async () => {
      const vote = await json('GET', `/api/votes/${voteId}`);
      // The letter→text map the clients turn into choices, sorted by letter; the cast sends the letter.
      expect(vote.interaction.data).toMatchObject({
        vote_type: 'single',
        vote_option_items: { A: '顺序表', B: '单链表', C: '双向链表', D: '看情况而定' },
      });
      expect(typeof vote.interaction.data.topic).toBe('string');
      // `students` lists who voted: a client skips the vote when its user number is there.
      expect(vote.students.map((s: { user_no: string }) => s.user_no)).not.toContain(studentNo(1));
    });

    it(`${SKILL}: POST /api/votes/{id}/vote {votes: ["B"]}, then GET shows the ballot`, async () => {
      const cast = await json('POST', `/api/votes/${voteId}/vote`, { votes: ['B'] });
      expect(cast.students).toEqual([expect.objectContaining({ user_no: studentNo(1), votes: ['B'] })]);
      const again = await json('GET', `/api/votes/${voteId}`);
      expect(again.students.map((s: { user_no: string }) => s.user_no)).toContain(studentNo(1));
    });

    it(`${CLI_A}: a letter the vote does not have is refused per field, storing nothing new`, async () => {
      const wrong = await call('POST', `/api/votes/${voteId}/vote`, { votes: ['Z'] });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().errors.votes).toHaveLength(1);
      const after = await json('GET', `/api/votes/${voteId}`);
      expect(after.students).toEqual([expect.objectContaining({ votes: ['B'] })]);
    });
  });
});
