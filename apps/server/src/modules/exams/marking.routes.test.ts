import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { examMarkedAttachments, examSubmissions } from '../../db/schema/exam-submissions.ts';
import { examMakeupUsers } from '../../db/schema/exams.ts';
import { uploadReferences } from '../../db/schema/uploads.ts';
import {
  caller,
  createExamWorld,
  createOpenExam,
  paperSubjects,
  takeExam,
  type ExamWorld,
} from '../../test/exam-taking-factories.ts';
import { everyTypeInputs, singleChoice } from '../../test/exams-factories.ts';
import {
  addMember,
  createGroup,
  createGroupSet,
  createUpload,
  createUser,
  loginAs,
} from '../../test/factories.ts';
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

async function shortAnswerExam() {
  const exam = await createOpenExam(t, w, [
    singleChoice(2),
    { type: 'short_answer', description: 'Explain', point: 5, answer: 'Reference' },
  ]);
  const [choice, short] = await paperSubjects(t, exam.id);
  return { exam, choice: choice!, short: short! };
}

describe('marking lists', () => {
  it('lists every examinee of a question with where its marking stands', async () => {
    const { exam, short } = await shortAnswerExam();
    const submissionId = await takeExam(t, exam.id, student(0));
    const url = `/api/exams/${exam.id}/subjects/${short.id}/examinees?is_makeup_exam=0`;
    const res = await as(w.teacherSession, { method: 'GET', url });
    expect(res.statusCode).toBe(200);
    const { examinees } = res.json();
    expect(examinees).toHaveLength(3);
    const first = examinees.find((e: { id: number }) => e.id === w.students[0]!.user.id);
    expect(first).toMatchObject({
      mark_status: 'unmarked',
      submission_count: 1,
      latest_submission_id: submissionId,
      score: null,
      total_score: null,
    });
    expect(examinees.find((e: { id: number }) => e.id === w.students[1]!.user.id)).toMatchObject({
      mark_status: 'unsubmitted',
      submission_count: 0,
    });
    const whole = (
      await as(w.teacherSession, { method: 'GET', url: `/api/exams/${exam.id}/subjects/0/examinees` })
    ).json();
    expect(whole.examinees.find((e: { id: number }) => e.id === w.students[0]!.user.id).mark_status).toBe(
      'unmarked',
    );
  });

  it('returns an examinee’s submissions with the paper and the right answers', async () => {
    const { exam, short } = await shortAnswerExam();
    const submissionId = await takeExam(t, exam.id, student(1));
    const res = await as(w.teacherSession, {
      method: 'GET',
      url: `/api/exams/${exam.id}/subjects/${short.id}/examinees/${w.students[1]!.user.id}/submissions?is_makeup_exam=0`,
    });
    expect(res.statusCode).toBe(200);
    const [submission] = res.json().submissions;
    expect(submission).toMatchObject({
      id: submissionId,
      instance_id: expect.any(Number),
      mark_status: 'unmarked',
    });
    expect(
      submission.submission_data.find((a: { subject_id: number }) => a.subject_id === short.id).answer,
    ).toBe('<p>My essay</p>');
    expect(
      submission.correct_answers_data.correct_answers.find(
        (c: { subject_id: number }) => c.subject_id === short.id,
      ).answer,
    ).toBe('Reference');
    expect(submission.subjects).toHaveLength(2);
  });

  it('keeps marking lists from students and refuses a question of another exam', async () => {
    const { exam, short } = await shortAnswerExam();
    const other = await shortAnswerExam();
    const url = `/api/exams/${exam.id}/subjects/${short.id}/examinees`;
    expect((await as(student(0), { method: 'GET', url })).statusCode).toBe(403);
    const foreign = await as(w.teacherSession, {
      method: 'GET',
      url: `/api/exams/${exam.id}/subjects/${other.short.id}/examinees`,
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('lists the make-up paper’s examinees apart', async () => {
    const exam = await createOpenExam(t, w, [singleChoice(1)], {
      data: { has_make_up_user: true },
      makeupInputs: [singleChoice(1)],
    });
    await t.db.insert(examMakeupUsers).values({ activityId: exam.id, userId: w.students[2]!.user.id });
    const [makeupQ] = await paperSubjects(t, exam.id, true);
    const res = await as(w.teacherSession, {
      method: 'GET',
      url: `/api/exams/${exam.id}/subjects/${makeupQ!.id}/examinees?is_makeup_exam=1`,
    });
    expect(res.json().examinees.map((e: { id: number }) => e.id)).toEqual([w.students[2]!.user.id]);
  });

  it('lists marking groups of a group exam and their submissions', async () => {
    const set = await createGroupSet(t, w.course.id);
    const group = await createGroup(t, set.id, {
      name: 'Team A',
      memberIds: [w.students[0]!.user.id, w.students[1]!.user.id],
    });
    const empty = await createGroup(t, set.id, { name: 'Team B', memberIds: [w.students[2]!.user.id] });
    const exam = await createOpenExam(t, w, [{ type: 'short_answer', description: 'Discuss', point: 10 }], {
      data: { group_set_id: set.id },
    });
    const [q] = await paperSubjects(t, exam.id);
    const submissionId = await takeExam(t, exam.id, student(1));
    const groups = (
      await as(w.teacherSession, { method: 'GET', url: `/api/exams/${exam.id}/subjects/${q!.id}/groups` })
    ).json().groups;
    expect(groups).toHaveLength(2);
    expect(groups[0]).toMatchObject({ id: group.id, name: 'Team A', mark_status: 'unmarked' });
    expect([...groups[0].examinee_ids].sort()).toEqual(
      [w.students[0]!.user.id, w.students[1]!.user.id].sort(),
    );
    expect(groups[1]).toEqual({
      id: empty.id,
      name: 'Team B',
      mark_status: 'unsubmitted',
      examinee_ids: [w.students[2]!.user.id],
    });
    const submissions = (
      await as(w.teacherSession, {
        method: 'GET',
        url: `/api/exams/${exam.id}/subjects/${q!.id}/groups/${group.id}/submissions`,
      })
    ).json().submissions;
    expect(submissions.map((s: { id: number }) => s.id)).toEqual([submissionId]);
  });
});

describe('giving scores', () => {
  it('marks a short answer, recalculates the total and releases the score to the student', async () => {
    const { exam, short } = await shortAnswerExam();
    const submissionId = await takeExam(t, exam.id, student(0));
    const res = await as(w.teacherSession, {
      method: 'POST',
      url: `/api/exams/${exam.id}/give-score`,
      payload: { submission_id: submissionId, subject_id: short.id, score: 3.5 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: submissionId, score: 5.5, mark_status: 'marked' });
    expect(
      res.json().score_data.find((s: { subject_id: number }) => s.subject_id === short.id),
    ).toMatchObject({
      score: 3.5,
      auto: false,
    });
    const list = (
      await as(student(0), { method: 'GET', url: `/api/courses/${w.course.id}/exam-list` })
    ).json().exams;
    expect(list.find((e: { id: number }) => e.id === exam.id)).toMatchObject({
      score: 5.5,
      awaiting_marking: false,
    });
  });

  it('scores a sub-question and refuses scoring its stem directly', async () => {
    const exam = await createOpenExam(t, w, everyTypeInputs());
    const submissionId = await takeExam(t, exam.id, student(1));
    const subjects = await paperSubjects(t, exam.id);
    const analysis = subjects.find((s) => s.type === 'analysis')!;
    const short = subjects.find((s) => s.type === 'short_answer')!;
    const subShort = analysis.sub_subjects.find((s) => s.type === 'short_answer')!;
    const stem = await as(w.teacherSession, {
      method: 'POST',
      url: `/api/exams/${exam.id}/give-score`,
      payload: { submission_id: submissionId, subject_id: analysis.id, score: 1 },
    });
    expect(stem.statusCode).toBe(400);
    expect(stem.json().errors.subject_id).toEqual([
      'Score the sub-questions; the question’s score is their sum.',
    ]);
    const res = await as(w.teacherSession, {
      method: 'POST',
      url: `/api/exams/${exam.id}/give-scores`,
      payload: {
        scores: [
          { submission_id: submissionId, subject_id: subShort.id, score: 1.5 },
          { submission_id: submissionId, subject_id: short.id, score: 5 },
        ],
      },
    });
    expect(res.statusCode).toBe(200);
    const [submission] = res.json().submissions;
    // 16 graded automatically + 1.5 + 5.
    expect(submission).toMatchObject({ score: 22.5, mark_status: 'marked' });
    expect(
      submission.score_data.find((s: { subject_id: number }) => s.subject_id === analysis.id).score,
    ).toBe(3.5);
  });

  it('refuses a score above the points, a negative one and more than one decimal, per field', async () => {
    const { exam, short } = await shortAnswerExam();
    const submissionId = await takeExam(t, exam.id, student(2));
    const give = (score: number) =>
      as(w.teacherSession, {
        method: 'POST',
        url: `/api/exams/${exam.id}/give-score`,
        payload: { submission_id: submissionId, subject_id: short.id, score },
      });
    const above = await give(5.5);
    expect(above.statusCode).toBe(400);
    expect(above.json().errors.score).toEqual(['The score cannot be more than the question’s 5 points.']);
    expect((await give(-1)).json().errors.score).toEqual([
      'A score is a number of at least 0 with at most one decimal place.',
    ]);
    expect((await give(1.25)).statusCode).toBe(400);
    const many = await as(w.teacherSession, {
      method: 'POST',
      url: `/api/exams/${exam.id}/give-scores`,
      payload: {
        scores: [
          { submission_id: submissionId, subject_id: short.id, score: 4 },
          { submission_id: submissionId, subject_id: short.id, score: 9 },
        ],
      },
    });
    expect(many.statusCode).toBe(400);
    expect(Object.keys(many.json().errors)).toEqual(['scores.1.score']);
    const [row] = await t.db.select().from(examSubmissions).where(eq(examSubmissions.id, submissionId));
    expect(row!.markStatus).toBe('unmarked');
  });

  it('refuses students and a simulating instructor', async () => {
    const { exam, short } = await shortAnswerExam();
    const submissionId = await takeExam(t, exam.id, student(0));
    const payload = { submission_id: submissionId, subject_id: short.id, score: 1 };
    const url = `/api/exams/${exam.id}/give-score`;
    const byStudent = await as(student(0), { method: 'POST', url, payload });
    expect(byStudent.statusCode).toBe(403);
    const simulating = await as(w.simulatingSession, { method: 'POST', url, payload });
    expect(simulating.statusCode).toBe(403);
    expect(simulating.json().code).toBe('simulating_read_only');
    const comment = await as(w.simulatingSession, {
      method: 'PUT',
      url: `/api/exams/${exam.id}/submissions/${submissionId}/comment`,
      payload: { comment: 'Nice' },
    });
    expect(comment.json().code).toBe('simulating_read_only');
  });

  it('refuses a submission of another exam', async () => {
    const { exam } = await shortAnswerExam();
    const other = await shortAnswerExam();
    const submissionId = await takeExam(t, other.exam.id, student(1));
    const res = await as(w.teacherSession, {
      method: 'POST',
      url: `/api/exams/${exam.id}/give-score`,
      payload: { submission_id: submissionId, subject_id: other.short.id, score: 1 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.submission_id).toEqual(['This submission does not exist.']);
  });
});

describe('comments', () => {
  it('stores the overall comment and per-question comments, up to 2000 characters', async () => {
    const { exam, short } = await shortAnswerExam();
    const submissionId = await takeExam(t, exam.id, student(0));
    const url = `/api/exams/${exam.id}/submissions/${submissionId}/comment`;
    const overall = await as(w.teacherSession, { method: 'PUT', url, payload: { comment: 'Good work' } });
    expect(overall.statusCode).toBe(200);
    const perQuestion = await as(w.teacherSession, {
      method: 'PUT',
      url,
      payload: { comment: 'Cite sources', subject_id: short.id },
    });
    expect(perQuestion.json().comment_data).toEqual({
      comment: 'Good work',
      subject_comments: { [String(short.id)]: 'Cite sources' },
    });
    const tooLong = await as(w.teacherSession, {
      method: 'PUT',
      url,
      payload: { comment: 'x'.repeat(2001) },
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().errors.comment).toEqual(['A comment can have at most 2000 characters.']);
    const mine = (
      await as(student(0), { method: 'GET', url: `/api/exams/${exam.id}/submissions/${submissionId}` })
    ).json();
    expect(mine.comment_data.comment).toBe('Good work');
  });
});

describe('marked attachments', () => {
  it('attaches the marker’s file to a submission and deletes it again', async () => {
    const { exam, short } = await shortAnswerExam();
    const submissionId = await takeExam(t, exam.id, student(0));
    const upload = await createUpload(t, w.org.id, w.teacher.id, {
      bytes: Buffer.from('notes'),
      name: 'notes.txt',
    });
    const res = await as(w.teacherSession, {
      method: 'POST',
      url: `/api/exams/${exam.id}/submissions/${submissionId}/marked-attachments`,
      payload: { upload_id: upload.id, subject_id: short.id },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      submission_id: submissionId,
      subject_id: short.id,
      upload_id: upload.id,
      name: 'notes.txt',
    });
    // Held by a reference, so the orphan-upload sweep keeps the file.
    const references = await t.db
      .select()
      .from(uploadReferences)
      .where(eq(uploadReferences.uploadId, upload.id));
    expect(references).toHaveLength(1);
    const review = (
      await as(student(0), { method: 'GET', url: `/api/exams/${exam.id}/submissions/${submissionId}` })
    ).json();
    expect(review.marked_attachments.map((a: { id: number }) => a.id)).toEqual([res.json().id]);
    const byStudent = await as(student(0), {
      method: 'DELETE',
      url: `/api/uploads/marked_attachment/${res.json().id}`,
    });
    expect(byStudent.statusCode).toBe(403);
    const removed = await as(w.teacherSession, {
      method: 'DELETE',
      url: `/api/uploads/marked_attachment/${res.json().id}`,
    });
    expect(removed.statusCode).toBe(200);
    expect(
      await t.db
        .select()
        .from(examMarkedAttachments)
        .where(eq(examMarkedAttachments.submissionId, submissionId)),
    ).toEqual([]);
    expect(
      await t.db.select().from(uploadReferences).where(eq(uploadReferences.uploadId, upload.id)),
    ).toEqual([]);
    const again = await as(w.teacherSession, {
      method: 'DELETE',
      url: `/api/uploads/marked_attachment/${res.json().id}`,
    });
    expect(again.statusCode).toBe(404);
  });

  it('refuses someone else’s file', async () => {
    const { exam } = await shortAnswerExam();
    const submissionId = await takeExam(t, exam.id, student(1));
    const theirs = await createUpload(t, w.org.id, w.students[1]!.user.id, { bytes: Buffer.from('x') });
    const res = await as(w.teacherSession, {
      method: 'POST',
      url: `/api/exams/${exam.id}/submissions/${submissionId}/marked-attachments`,
      payload: { upload_id: theirs.id },
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual(['upload_id']);
  });
});

describe('retakes', () => {
  it('gives one more attempt and records who allowed it', async () => {
    const exam = await createOpenExam(t, w, [singleChoice(1)]);
    const first = await takeExam(t, exam.id, student(0));
    expect(
      (await as(student(0), { method: 'GET', url: `/api/exams/${exam.id}/distribute` })).statusCode,
    ).toBe(403);
    const res = await as(w.teacherSession, {
      method: 'POST',
      url: `/api/exams/${exam.id}/retake`,
      payload: { examinee_ids: [w.students[0]!.user.id] },
    });
    expect(res.statusCode).toBe(201);
    const [record] = res.json().items;
    expect(record).toMatchObject({
      exam_id: exam.id,
      examinee: { id: w.students[0]!.user.id, name: 'Student 1', mark_status: 'marked' },
      exam_type: 'exam',
      submission_id: first,
      retake_operator: { id: w.teacher.id, name: 'Teacher Tan' },
    });
    expect(record.submit_time).toEqual(expect.any(String));
    const paper = await as(student(0), { method: 'GET', url: `/api/exams/${exam.id}/distribute` });
    expect(paper.statusCode).toBe(200);
    expect(paper.json().attempt).toBe(2);
    await takeExam(t, exam.id, student(0));
    expect(
      (await as(student(0), { method: 'GET', url: `/api/exams/${exam.id}/distribute` })).statusCode,
    ).toBe(403);

    const view = await as(w.teacherSession, {
      method: 'GET',
      url: `/api/exams/${exam.id}/retake-records/${record.id}/submission`,
    });
    expect(view.statusCode).toBe(200);
    expect(view.json().record.id).toBe(record.id);
    expect(view.json().submission.id).toBe(first);
  });

  it('pages the records ten at a time by default, newest first', async () => {
    const exam = await createOpenExam(t, w, [singleChoice(1)]);
    for (let i = 0; i < 11; i += 1) {
      await as(w.teacherSession, {
        method: 'POST',
        url: `/api/exams/${exam.id}/retake`,
        payload: { examinee_ids: [w.students[i % 3]!.user.id] },
      });
    }
    const page1 = (
      await as(w.teacherSession, { method: 'GET', url: `/api/exams/${exam.id}/retake-record` })
    ).json();
    expect(page1).toMatchObject({ total: 11, pages: 2, page: 1, page_size: 10 });
    expect(page1.items).toHaveLength(10);
    expect(page1.items[0].examinee).toMatchObject({ mark_status: 'unsubmitted' });
    const page2 = (
      await as(w.teacherSession, {
        method: 'GET',
        url: `/api/exams/${exam.id}/retake-record?page=2&include_make_up=1`,
      })
    ).json();
    expect(page2.items).toHaveLength(1);
    expect(page1.items[0].id).toBeGreaterThan(page2.items[0].id);
  });

  it('refuses non-students, students and simulating instructors', async () => {
    const exam = await createOpenExam(t, w, [singleChoice(1)]);
    const url = `/api/exams/${exam.id}/retake`;
    const stranger = await createUser(t, w.org.id);
    const notStudent = await as(w.teacherSession, {
      method: 'POST',
      url,
      payload: { examinee_ids: [stranger.id] },
    });
    expect(notStudent.statusCode).toBe(400);
    expect(notStudent.json().errors.examinee_ids).toEqual([
      'Only students of this course can be given a retake.',
    ]);
    const payload = { examinee_ids: [w.students[0]!.user.id] };
    expect((await as(student(0), { method: 'POST', url, payload })).statusCode).toBe(403);
    expect((await as(w.simulatingSession, { method: 'POST', url, payload })).json().code).toBe(
      'simulating_read_only',
    );
    expect(
      (await as(student(0), { method: 'GET', url: `/api/exams/${exam.id}/retake-record` })).statusCode,
    ).toBe(403);
  });
});

describe('score export', () => {
  it('writes user_no, name, a column per question and the total, safe for spreadsheets', async () => {
    const world = await createExamWorld(t, 2);
    const [a, b] = world.students;
    const tricky = await createUser(t, world.org.id, { name: '=HYPERLINK("http://x")', userNo: '+1' });
    await addMember(t, world.course.id, tricky.id, ['student']);
    const exam = await createOpenExam(t, world, [singleChoice(2), singleChoice(3)], {
      data: { submit_times: 2 },
    });
    const [q1, q2] = await paperSubjects(t, exam.id);
    const right = (q: typeof q1) => ({
      subject_id: q!.id,
      answer_option_ids: [q!.options.find((o) => o.is_answer)!.id],
    });
    const wrong = (q: typeof q1) => ({
      subject_id: q!.id,
      answer_option_ids: [q!.options.find((o) => !o.is_answer)!.id],
    });
    await takeExam(t, exam.id, a!.session, [right(q1), wrong(q2)]);
    await takeExam(t, exam.id, a!.session, [wrong(q1), right(q2)]);
    const res = await as(world.teacherSession, { method: 'GET', url: `/api/exams/${exam.id}/scores.csv` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment;/);
    const text = res.rawPayload.toString('utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const lines = text.slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe('"Student ID","Name","Q1 (2 pts)","Q2 (3 pts)","Total"');
    // The highest attempt (3 points: the second) gives both the columns and the total.
    expect(lines).toContain(`"${a!.user.userNo}","Student 1",0,3,3`);
    expect(lines).toContain(`"${b!.user.userNo}","Student 2",,,`);
    expect(lines).toContain(`"'+1","'=HYPERLINK(""http://x"")",,,`);
    expect(lines).toHaveLength(4);
    expect(
      (await as(a!.session, { method: 'GET', url: `/api/exams/${exam.id}/scores.csv` })).statusCode,
    ).toBe(403);
  });

  it('localises the header', async () => {
    const exam = await createOpenExam(t, w, [singleChoice(2)]);
    const zh = await loginAs(t, w.teacher, { locale: 'zh-CN' });
    const text = (
      await as(zh, { method: 'GET', url: `/api/exams/${exam.id}/scores.csv` })
    ).rawPayload.toString('utf8');
    expect(text.slice(1).split('\r\n')[0]).toBe('"学号","姓名","第1题（2分）","总分"');
  });
});

describe('submission rows', () => {
  it('stores no second row when marking', async () => {
    const { exam, short } = await shortAnswerExam();
    const submissionId = await takeExam(t, exam.id, student(2));
    await as(w.teacherSession, {
      method: 'POST',
      url: `/api/exams/${exam.id}/give-score`,
      payload: { submission_id: submissionId, subject_id: short.id, score: 5 },
    });
    const rows = await t.db
      .select()
      .from(examSubmissions)
      .where(
        and(eq(examSubmissions.activityId, exam.id), eq(examSubmissions.examineeId, w.students[2]!.user.id)),
      );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.score).toBe(7);
  });
});
