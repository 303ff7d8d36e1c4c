import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { activities } from '../../db/schema/activities.ts';
import { createExamWorld, type ExamWorld } from '../../test/exam-taking-factories.ts';
import { addMember, createUser, loginAs, type Session } from '../../test/factories.ts';
import { createHomework, readyUpload } from '../../test/homework-factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let w: ExamWorld;
let assistant: Session;

beforeAll(async () => {
  t = await createTestApp();
  w = await createExamWorld(t, 2);
  const ta = await createUser(t, w.org.id, { name: 'Assistant An' });
  await addMember(t, w.course.id, ta.id, ['instructor_assistant']);
  assistant = await loginAs(t, ta);
});
afterAll(async () => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH';
const call = (session: Session, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, headers: session.headers, ...(payload ? { payload } : {}) });
const student = (i: number) => w.students[i]!.session;
const answerUrl = (id: number) => `/api/homeworks/${id}/reference-answer`;
const SECRET = 'Reverse the list with three pointers';

/** A homework whose reference answer (text and one file) the teacher has set. */
async function homeworkWithAnswer() {
  const hw = await createHomework(t, w);
  const file = await readyUpload(t, w.org.id, w.teacher.id, 'answer-key.txt');
  const res = await call(w.teacherSession, 'PATCH', answerUrl(hw.id), {
    reference_answer: `<p>${SECRET}</p><script>alert(1)</script>`,
    upload_ids: [file.id],
  });
  expect(res.statusCode, res.body).toBe(200);
  return { hw, file, answer: res.json() };
}

describe('reference answer', () => {
  it('stores the sanitised text and the files in the settings, and gives them to the teaching team', async () => {
    const { hw, file, answer } = await homeworkWithAnswer();
    expect(answer.reference_answer).toContain(SECRET);
    expect(answer.reference_answer).not.toContain('<script');
    expect(answer.uploads.map((u: { upload_id: number }) => u.upload_id)).toEqual([file.id]);

    const [row] = await t.db.select().from(activities).where(eq(activities.id, hw.id));
    expect(row!.data).toMatchObject({
      reference_answer: answer.reference_answer,
      reference_answer_upload_ids: [file.id],
    });

    // An assistant of the course reads it and may fetch its file (which is not theirs).
    const read = await call(assistant, 'GET', answerUrl(hw.id));
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(answer);
    expect((await call(assistant, 'GET', `/api/uploads/${file.id}/blob`)).statusCode).toBe(200);
    expect((await call(w.teacherSession, 'GET', `/api/activities/${hw.id}`)).body).toContain(SECRET);
  });

  it('never reaches a student: not in the activity, the course list, the homework, its own call or the file', async () => {
    const { hw, file } = await homeworkWithAnswer();
    for (const session of [student(0), w.simulatingSession]) {
      const activity = await call(session, 'GET', `/api/activities/${hw.id}`);
      expect(activity.statusCode).toBe(200);
      expect(activity.json().data.description).toBe('<p>Write about rivers</p>');
      expect(activity.json().data).not.toHaveProperty('reference_answer');
      expect(activity.json().data).not.toHaveProperty('reference_answer_upload_ids');
      expect(activity.body).not.toContain(SECRET);

      const list = await call(session, 'GET', `/api/courses/${w.course.id}/activities`);
      expect(list.statusCode).toBe(200);
      expect(list.body).not.toContain(SECRET);

      const detail = await call(session, 'GET', `/api/homework/${hw.id}`);
      expect(detail.statusCode).toBe(200);
      expect(detail.body).not.toContain(SECRET);

      expect((await call(session, 'GET', answerUrl(hw.id))).statusCode).toBe(404);
    }
    expect((await call(student(0), 'GET', `/api/uploads/${file.id}/blob`)).statusCode).toBe(404);
  });

  it('is changed only by the teaching team, and only through its own call', async () => {
    const { hw, file, answer } = await homeworkWithAnswer();
    const refused = await call(student(0), 'PATCH', answerUrl(hw.id), { reference_answer: 'mine' });
    expect(refused.statusCode).toBe(403);
    const simulating = await call(w.simulatingSession, 'PATCH', answerUrl(hw.id), { reference_answer: 'x' });
    expect(simulating.statusCode).toBe(403);

    // The activity form leaves the answer out and may send stale file ids: both stay as they were.
    const other = await readyUpload(t, w.org.id, w.teacher.id, 'other.txt');
    const edit = await call(w.teacherSession, 'PUT', `/api/activities/${hw.id}`, {
      title: 'Essay on lakes',
      data: { description: '<p>Write about lakes</p>', reference_answer_upload_ids: [other.id] },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect((await call(w.teacherSession, 'GET', answerUrl(hw.id))).json()).toEqual(answer);
    const [row] = await t.db.select().from(activities).where(eq(activities.id, hw.id));
    expect(row!.data).toMatchObject({ reference_answer_upload_ids: [file.id] });
  });

  it('refuses a file the instructor may not use, and removes files left out', async () => {
    const { hw } = await homeworkWithAnswer();
    const theirs = await readyUpload(t, w.org.id, w.students[0]!.user.id, 'student.txt');
    const refused = await call(w.teacherSession, 'PATCH', answerUrl(hw.id), {
      reference_answer: '<p>x</p>',
      upload_ids: [theirs.id],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors.upload_ids).toBeDefined();

    const cleared = await call(w.teacherSession, 'PATCH', answerUrl(hw.id), { reference_answer: '' });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toMatchObject({ reference_answer: '', uploads: [] });
  });
});

describe('the marking list', () => {
  it("carries each submitter's latest hand-in's files, so one zip request takes them all", async () => {
    const hw = await createHomework(t, w);
    const first = await readyUpload(t, w.org.id, w.students[0]!.user.id, 'draft1.txt');
    const second = await readyUpload(t, w.org.id, w.students[0]!.user.id, 'final.txt');
    const extra = await readyUpload(t, w.org.id, w.students[0]!.user.id, 'appendix.txt');
    const handIn = (uploads: number[]) =>
      call(student(0), 'POST', `/api/course/activities/${hw.id}/submissions`, {
        comment: '<p>x</p>',
        uploads,
      });
    expect((await handIn([first.id])).statusCode).toBe(201);
    const latest = await handIn([second.id, extra.id]);
    expect(latest.statusCode).toBe(201);
    expect(latest.json().submitter.latest_upload_ids).toEqual([second.id, extra.id]);

    const res = await call(w.teacherSession, 'GET', `/api/homework/${hw.id}/submitters`);
    expect(res.statusCode).toBe(200);
    const byId = new Map(
      res
        .json()
        .submitters.map((s: { id: number; latest_upload_ids: number[] }) => [s.id, s.latest_upload_ids]),
    );
    expect(byId.get(w.students[0]!.user.id)).toEqual([second.id, extra.id]);
    expect(byId.get(w.students[1]!.user.id)).toEqual([]);

    const zip = await call(
      w.teacherSession,
      'GET',
      `/zip/uploads?upload_ids=${(byId.get(w.students[0]!.user.id) as number[]).join(',')}&timezone=UTC`,
    );
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toContain('zip');
  });
});
