import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { activities } from '../../db/schema/activities.ts';
import { homeworkMarkedAttachments, homeworkSubmissions, scoreRecords } from '../../db/schema/homework.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { uploadReferences } from '../../db/schema/uploads.ts';
import {
  createExamWorld,
  createOpenExam,
  paperSubjects,
  takeExam,
  type ExamWorld,
} from '../../test/exam-taking-factories.ts';
import {
  addMember,
  createActivity,
  createCourse,
  createGroup,
  createGroupSet,
  createUser,
  loginAs,
  type Session,
} from '../../test/factories.ts';
import { createHomework, readyUpload } from '../../test/homework-factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { activityCompletion } from '../activities/activity-completion.ts';

let t: TestApp;
let w: ExamWorld;

beforeAll(async () => {
  t = await createTestApp();
  w = await createExamWorld(t, 4);
});
afterAll(async () => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (session: Session, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, headers: session.headers, ...(payload ? { payload } : {}) });
const student = (i: number) => w.students[i]!.session;
const studentId = (i: number) => w.students[i]!.user.id;
const teacher = () => w.teacherSession;

async function handIn(homeworkId: number, i: number, comment = '<p>work</p>'): Promise<number> {
  const res = await call(student(i), 'POST', `/api/course/activities/${homeworkId}/submissions`, { comment });
  if (res.statusCode !== 201) throw new Error(`hand-in answered ${res.statusCode}: ${res.body}`);
  return res.json().submission.id;
}
const rubricBody = {
  name: 'Essay rubric',
  conditions: [
    { name: 'Argument', description: 'A clear thesis', levels: [{ score: 10, description: 'Excellent' }] },
  ],
};
async function createRubric(session: Session): Promise<number> {
  const res = await call(session, 'POST', '/api/rubrics', rubricBody);
  if (res.statusCode !== 201) throw new Error(`rubric answered ${res.statusCode}: ${res.body}`);
  return res.json().id;
}
const scoreUrl = (id: number) => `/api/course/activities/${id}/submission/score`;

describe('scoring', () => {
  it('accepts scores by the rule and refuses 100.5, 7.25, 101 and words with homework.validationScore', async () => {
    const hw = await createHomework(t, w);
    const id = await handIn(hw.id, 0);
    for (const score of ['100.5', '7.25', '101', '-1', 'abc', 100.5, 7.25]) {
      const res = await call(teacher(), 'PUT', scoreUrl(hw.id), { id, score });
      expect(res.statusCode, String(score)).toBe(400);
      expect(res.json().errors.score).toEqual([
        'Enter a score from 0 to 100 with at most one decimal place.',
      ]);
    }
    for (const [score, stored] of [
      ['100', 100],
      ['100.0', 100],
      ['7.5', 7.5],
      [0, 0],
      ['99.9', 99.9],
    ] as const) {
      const res = await call(teacher(), 'PUT', scoreUrl(hw.id), { id, score });
      expect(res.statusCode, String(score)).toBe(200);
      expect(res.json()).toMatchObject({ score: stored, final_score: stored, is_marked: true });
    }
    const [row] = await t.db.select().from(homeworkSubmissions).where(eq(homeworkSubmissions.id, id));
    expect(row!.score).toBe(99.9);
  });

  it('stores comment and a separate final score; refuses a comment over 2000', async () => {
    const hw = await createHomework(t, w);
    const id = await handIn(hw.id, 1);
    const res = await call(teacher(), 'PUT', scoreUrl(hw.id), {
      id,
      score: 80,
      final_score: '75.5',
      instructor_comment: 'Good structure',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      score: 80,
      final_score: 75.5,
      instructor_comment: 'Good structure',
      marked_by: { id: w.teacher.id },
    });
    const long = await call(teacher(), 'PUT', scoreUrl(hw.id), { id, instructor_comment: 'x'.repeat(2001) });
    expect(long.statusCode).toBe(400);
    expect(long.json().errors.instructor_comment).toBeDefined();
  });

  it("checks a rubric score against the homework's rubric, stores names and level scores, and fills the score", async () => {
    const hw = await createHomework(t, w);
    const id = await handIn(hw.id, 1);
    const twoCriteria = {
      name: 'Lab report',
      conditions: [
        {
          name: 'Method',
          description: 'Sound',
          levels: [
            { score: 30, description: 'Good' },
            { score: 10, description: 'Weak' },
          ],
        },
        {
          name: 'Results',
          description: 'Clear',
          levels: [
            { score: 50, description: 'Good' },
            { score: 20, description: 'Weak' },
          ],
        },
      ],
    };
    // No rubric on the homework yet: nothing to score against.
    const noRubric = await call(teacher(), 'PUT', scoreUrl(hw.id), {
      id,
      rubric_score: [{ condition_index: 0, level_index: 0 }],
    });
    expect(noRubric.statusCode).toBe(400);
    expect(noRubric.json().errors.rubric_score).toBeDefined();

    const created = await call(teacher(), 'POST', '/api/rubrics', twoCriteria);
    expect(created.statusCode).toBe(201);
    const attach = await call(teacher(), 'PATCH', `/api/homeworks/${hw.id}/rubric`, {
      rubric_id: created.json().id,
    });
    expect(attach.statusCode).toBe(200);

    const incomplete = await call(teacher(), 'PUT', scoreUrl(hw.id), {
      id,
      rubric_score: [{ condition_index: 0, level_index: 0 }],
    });
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.json().errors.rubric_score).toEqual(['Choose a level for every rubric criterion.']);
    const outOfRange = await call(teacher(), 'PUT', scoreUrl(hw.id), {
      id,
      rubric_score: [
        { condition_index: 0, level_index: 0 },
        { condition_index: 1, level_index: 5 },
      ],
    });
    expect(outOfRange.statusCode).toBe(400);

    const res = await call(teacher(), 'PUT', scoreUrl(hw.id), {
      id,
      rubric_score: [
        { condition_index: 0, level_index: 0, score: 999, name: 'forged' },
        { condition_index: 1, level_index: 1 },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      score: 50,
      final_score: 50,
      rubric_score: [
        { condition_index: 0, level_index: 0, name: 'Method', score: 30 },
        { condition_index: 1, level_index: 1, name: 'Results', score: 20 },
      ],
    });
    const [record] = (
      await call(teacher(), 'GET', `/api/activity/${hw.id}/submitter/${studentId(1)}/score-records`)
    ).json().records;
    expect(record).toMatchObject({ score_method: 'rubric', score: 50 });
  });

  it('refuses a simulating instructor, students, and a submission of another homework', async () => {
    const hw = await createHomework(t, w);
    const id = await handIn(hw.id, 2);
    const simulating = await call(w.simulatingSession, 'PUT', scoreUrl(hw.id), { id, score: 50 });
    expect(simulating.statusCode).toBe(403);
    expect(simulating.json().code).toBe('simulating_read_only');
    const comment = await call(w.simulatingSession, 'PUT', scoreUrl(hw.id), { id, instructor_comment: 'hi' });
    expect(comment.statusCode).toBe(403);
    const byStudent = await call(student(2), 'PUT', scoreUrl(hw.id), { id, score: 100 });
    expect(byStudent.statusCode).toBe(403);
    const other = await createHomework(t, w);
    const wrong = await call(teacher(), 'PUT', scoreUrl(other.id), { id, score: 50 });
    expect(wrong.statusCode).toBe(404);
    const [row] = await t.db.select().from(homeworkSubmissions).where(eq(homeworkSubmissions.id, id));
    expect(row!.score).toBeNull();
    const detail = await call(w.simulatingSession, 'GET', `/api/homework/${hw.id}`);
    expect(detail.json()).toMatchObject({
      is_simulating: true,
      permissions: { allow_mark: false, allow_edit: false, allow_setting: false },
    });
  });

  it('lets a teaching assistant mark, not a student assistant', async () => {
    const world = await createExamWorld(t, 1);
    const hw = await createHomework(t, world);
    const handedIn = await call(
      world.students[0]!.session,
      'POST',
      `/api/course/activities/${hw.id}/submissions`,
      {
        comment: '<p>work</p>',
      },
    );
    const id = handedIn.json().submission.id;
    const ta = await createUser(t, world.org.id);
    await addMember(t, world.course.id, ta.id, ['instructor_assistant']);
    const sa = await createUser(t, world.org.id);
    await addMember(t, world.course.id, sa.id, ['student_assistant']);
    const byTa = await call(await loginAs(t, ta), 'PUT', scoreUrl(hw.id), { id, score: 66 });
    expect(byTa.statusCode).toBe(200);
    expect(byTa.json().marked_by).toEqual({ id: ta.id, name: ta.name });
    const bySa = await call(await loginAs(t, sa), 'PUT', scoreUrl(hw.id), { id, score: 10 });
    expect(bySa.statusCode).toBe(403);
  });

  it('records every score change with old and new values and the operator', async () => {
    const hw = await createHomework(t, w);
    const id = await handIn(hw.id, 3);
    await call(teacher(), 'PUT', scoreUrl(hw.id), { id, score: 60 });
    await call(teacher(), 'PUT', scoreUrl(hw.id), { id, score: 70, final_score: 65 });
    // A comment alone changes no score and records nothing.
    await call(teacher(), 'PUT', scoreUrl(hw.id), { id, instructor_comment: 'ok' });
    const url = `/api/activity/${hw.id}/submitter/${studentId(3)}/score-records?page=1&page_size=1`;
    const page = (await call(teacher(), 'GET', url)).json();
    expect(page).toMatchObject({ total: 2, pages: 2, start: 1, end: 1 });
    expect(page.records[0]).toMatchObject({
      score_method: 'manual',
      version: 1,
      old_score: 60,
      score: 70,
      old_final_score: 60,
      final_score: 65,
      operator_id: w.teacher.id,
      operator_name: 'Teacher Tan',
    });
    const second = (
      await call(
        teacher(),
        'GET',
        `/api/activity/${hw.id}/submitter/${studentId(3)}/score-records?page=2&page_size=1`,
      )
    ).json();
    expect(second.records[0]).toMatchObject({ old_score: null, score: 60 });
    expect(second).toMatchObject({ start: 2, end: 2 });
    const classmate = await call(
      student(0),
      'GET',
      `/api/activity/${hw.id}/submitter/${studentId(3)}/score-records`,
    );
    expect(classmate.statusCode).toBe(404);
  });

  it('records exam scores given while marking', async () => {
    const exam = await createOpenExam(t, w, [
      { type: 'short_answer', description: 'Explain', point: 5, answer: 'x' },
    ]);
    const [subject] = await paperSubjects(t, exam.id);
    const submissionId = await takeExam(t, exam.id, student(0));
    const res = await call(teacher(), 'POST', `/api/exams/${exam.id}/give-score`, {
      submission_id: submissionId,
      subject_id: subject!.id,
      score: 4,
    });
    expect(res.statusCode).toBe(200);
    const rows = await t.db.select().from(scoreRecords).where(eq(scoreRecords.activityId, exam.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      userId: studentId(0),
      scoreMethod: 'exam_marking',
      score: 4,
      oldScore: null,
    });
    const records = (
      await call(teacher(), 'GET', `/api/activity/${exam.id}/submitter/${studentId(0)}/score-records`)
    ).json();
    expect(records.records).toHaveLength(1);
  });

  it('scores group homework once per group, seen by every member once published', async () => {
    const set = await createGroupSet(t, w.course.id);
    const group = await createGroup(t, set.id, { memberIds: [studentId(0), studentId(1)] });
    await createGroup(t, set.id, { memberIds: [studentId(2)] });
    const hw = await createHomework(t, w, { data: { group_set_id: set.id, announceScoreType: 1 } });
    const id = await handIn(hw.id, 0);
    const scored = await call(teacher(), 'PUT', scoreUrl(hw.id), { id, score: 90 });
    expect(scored.json()).toMatchObject({ group_id: group.id, score: 90 });
    const roster = (await call(teacher(), 'GET', `/api/homework/${hw.id}/submitters`)).json();
    expect(roster.submitters).toHaveLength(2);
    expect(roster.submitters.find((s: { id: number }) => s.id === group.id)).toMatchObject({
      kind: 'group',
      member_ids: [studentId(0), studentId(1)],
      mark_status: 'marked',
      score: 90,
    });
    const hidden = (
      await call(student(1), 'GET', `/api/activities/${hw.id}/groups/${group.id}/submission`)
    ).json();
    expect(hidden.submission).toMatchObject({ score: null, is_score_visible: false });
    await call(teacher(), 'PUT', `/api/homework/${hw.id}/announce-mark-status`, { isAnnounceMark: 1 });
    for (const i of [0, 1]) {
      const url = `/api/activities/${hw.id}/students/${studentId(i)}/homework-score`;
      expect((await call(student(i), 'GET', url)).json()).toMatchObject({
        score: 90,
        is_score_visible: true,
      });
    }
    const records = (
      await call(teacher(), 'GET', `/api/activity/${hw.id}/submitter/${group.id}/score-records`)
    ).json();
    expect(records.total).toBe(1);
    const published = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.activityId, hw.id), eq(notifications.type, 'homework_score_published')));
    expect(published.map((n) => n.userId).sort()).toEqual([studentId(0), studentId(1)].sort());
  });
});

describe('instructor actions', () => {
  it('asks for a redo: status 5, one more hand-in beyond the count, and a notification', async () => {
    const hw = await createHomework(t, w, { data: { submit_times: 1 } });
    await handIn(hw.id, 0);
    const res = await call(teacher(), 'POST', `/api/homework/${hw.id}/redo`, {
      submitter_ids: [studentId(0)],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().submitters[0]).toMatchObject({ id: studentId(0), status: 5 });
    const sent = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.activityId, hw.id), eq(notifications.type, 'homework_redo')));
    expect(sent.map((n) => n.userId)).toEqual([studentId(0)]);
    const again = await handIn(hw.id, 0, '<p>redone</p>');
    const rows = await t.db.select().from(homeworkSubmissions).where(eq(homeworkSubmissions.id, again));
    expect(rows[0]).toMatchObject({ version: 2 });
    const third = await call(student(0), 'POST', `/api/course/activities/${hw.id}/submissions`, {
      comment: '<p>3</p>',
    });
    expect(third.statusCode).toBe(409);
  });

  it('reminds chosen students with a notification', async () => {
    const hw = await createHomework(t, w);
    const res = await call(teacher(), 'POST', `/api/homework/${hw.id}/remind`, {
      submitter_ids: [studentId(1), studentId(2)],
    });
    expect(res.statusCode).toBe(200);
    const sent = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.activityId, hw.id), eq(notifications.type, 'homework_remind')));
    expect(sent).toHaveLength(2);
  });

  it('grants make-up windows only in the future, with a notification', async () => {
    const hw = await createHomework(t, w);
    const past = await call(teacher(), 'POST', `/api/homework/${hw.id}/make-up`, {
      submitter_ids: [studentId(1)],
      end_time: new Date(Date.now() - 1000).toISOString(),
    });
    expect(past.statusCode).toBe(400);
    const ok = await call(teacher(), 'POST', `/api/homework/${hw.id}/make-up`, {
      submitter_ids: [studentId(1)],
      end_time: new Date(Date.now() + 86_400_000).toISOString(),
    });
    expect(ok.statusCode).toBe(200);
    const sent = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.activityId, hw.id), eq(notifications.type, 'homework_make_up')));
    expect(sent).toHaveLength(1);
    expect(sent[0]!.payload.end_time).toBeDefined();
  });

  it('marks work unsubmitted (keeping its versions) and lets the student hand in again', async () => {
    const hw = await createHomework(t, w, { data: { submit_times: 1 } });
    await handIn(hw.id, 2);
    const res = await call(teacher(), 'POST', `/api/homework/${hw.id}/mark-unsubmitted`, {
      submitter_ids: [studentId(2)],
    });
    expect(res.json().submitters[0]).toMatchObject({ status: 3, mark_status: 'unsubmitted' });
    expect(
      await t.db.select().from(homeworkSubmissions).where(eq(homeworkSubmissions.activityId, hw.id)),
    ).toHaveLength(1);
    await handIn(hw.id, 2, '<p>again</p>');
  });

  it('submits on a student’s behalf, even after the deadline', async () => {
    const hw = await createHomework(t, w, { endTime: new Date(Date.now() - 60_000) });
    const file = await readyUpload(t, w.org.id, w.teacher.id, 'scan.txt');
    const res = await call(teacher(), 'POST', `/api/homework/${hw.id}/submit-on-behalf`, {
      submitter_id: studentId(3),
      comment: '<p>paper copy</p>',
      uploads: [file.id],
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      student_id: studentId(3),
      version: 1,
      is_late: true,
      submitted_by: { id: w.teacher.id },
    });
    const mine = await call(
      student(3),
      'GET',
      `/api/course/activities/${hw.id}/students/${studentId(3)}/submission`,
    );
    expect(mine.json().submission.uploads).toHaveLength(1);
    const bySimulating = await call(w.simulatingSession, 'POST', `/api/homework/${hw.id}/submit-on-behalf`, {
      submitter_id: studentId(3),
      comment: '<p>x</p>',
    });
    expect(bySimulating.statusCode).toBe(403);
    const unknown = await call(teacher(), 'POST', `/api/homework/${hw.id}/submit-on-behalf`, {
      submitter_id: w.teacher.id,
      comment: '<p>x</p>',
    });
    expect(unknown.statusCode).toBe(400);
  });

  it('recommends work to classmates and takes it back', async () => {
    const hw = await createHomework(t, w);
    const id = await handIn(hw.id, 0, '<p>model answer</p>');
    const notYet = await call(teacher(), 'POST', `/api/homework/${hw.id}/recommend`, {
      submitter_ids: [studentId(1)],
    });
    expect(notYet.statusCode).toBe(400);
    const res = await call(teacher(), 'POST', `/api/homework/${hw.id}/recommend`, {
      submitter_ids: [studentId(0)],
    });
    expect(res.json().submitters[0].recommend).toBe(1);
    const seen = await call(student(1), 'GET', `/api/homework/${hw.id}/recommended-submissions`);
    expect(seen.json().submissions.map((s: { id: number }) => s.id)).toEqual([id]);
    expect(seen.json().submissions[0]).toMatchObject({ recommend: 1, is_score_visible: false });
    const direct = await call(
      student(1),
      'GET',
      `/api/course/activities/${hw.id}/students/${studentId(0)}/submission`,
    );
    expect(direct.statusCode).toBe(200);
    await call(teacher(), 'POST', `/api/homework/${hw.id}/unrecommend`, { submitter_ids: [studentId(0)] });
    const gone = await call(student(1), 'GET', `/api/homework/${hw.id}/recommended-submissions`);
    expect(gone.json().submissions).toEqual([]);
    const byStudent = await call(student(1), 'POST', `/api/homework/${hw.id}/recommend`, {
      submitter_ids: [studentId(0)],
    });
    expect(byStudent.statusCode).toBe(403);
  });

  it('filters the marking list by status and mark status, for the teaching team only', async () => {
    const hw = await createHomework(t, w);
    const id = await handIn(hw.id, 0);
    await handIn(hw.id, 1);
    await call(teacher(), 'PUT', scoreUrl(hw.id), { id, score: 50 });
    const all = (await call(teacher(), 'GET', `/api/homework/${hw.id}/submitters`)).json();
    expect(all.submitters).toHaveLength(4);
    const marked = (
      await call(teacher(), 'GET', `/api/homework/${hw.id}/submitters?mark_status=marked`)
    ).json();
    expect(marked.submitters.map((s: { id: number }) => s.id)).toEqual([studentId(0)]);
    const unsubmitted = (await call(teacher(), 'GET', `/api/homework/${hw.id}/submitters?statuses=3`)).json();
    expect(unsubmitted.submitters).toHaveLength(2);
    expect((await call(student(0), 'GET', `/api/homework/${hw.id}/submitters`)).statusCode).toBe(404);
  });
});

describe('settings', () => {
  it('changes the description (sanitised) and the rubric fields', async () => {
    const hw = await createHomework(t, w);
    const res = await call(teacher(), 'PATCH', `/api/homeworks/${hw.id}/description`, {
      description: '<p>New</p><img src=x onerror=alert(1)>',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().description).not.toContain('onerror');
    const [main, intra] = [await createRubric(teacher()), await createRubric(teacher())];
    const rubric = await call(teacher(), 'PATCH', `/api/homeworks/${hw.id}/rubric`, {
      rubric_id: main,
      rubric_visible_type: 'custom_time',
      rubric_visible_time: new Date(Date.now() + 3600_000).toISOString(),
      intra_rubric_id: intra,
    });
    expect(rubric.statusCode).toBe(200);
    expect(rubric.json()).toMatchObject({
      rubric_id: main,
      intra_rubric_id: intra,
      rubric_visible_type: 'custom_time',
    });
    const activity = (await call(teacher(), 'GET', `/api/activities/${hw.id}`)).json();
    expect(activity.data).toMatchObject({ rubric_id: main, intra_rubric_id: intra });
    const missingTime = await call(teacher(), 'PATCH', `/api/homeworks/${hw.id}/rubric`, {
      intra_rubric_visible_type: 'custom_time',
    });
    expect(missingTime.statusCode).toBe(400);
    const byStudent = await call(student(0), 'PATCH', `/api/homeworks/${hw.id}/description`, {
      description: 'x',
    });
    expect(byStudent.statusCode).toBe(403);
  });

  it('attaches only rubrics the teacher may use, by either endpoint, storing nothing otherwise', async () => {
    const hw = await createHomework(t, w);
    const colleague = await createUser(t, w.org.id);
    await createCourse(t, w.org.id, colleague.id);
    const theirs = await createRubric(await loginAs(t, colleague));
    const missing = theirs + 100_000;
    for (const body of [{ rubric_id: theirs }, { intra_rubric_id: theirs }, { rubric_id: missing }]) {
      const res = await call(teacher(), 'PATCH', `/api/homeworks/${hw.id}/rubric`, body);
      expect(res.statusCode).toBe(404);
      const viaActivity = await call(teacher(), 'PUT', `/api/activities/${hw.id}`, {
        data: { description: '<p>x</p>', ...body },
      });
      expect(viaActivity.statusCode).toBe(404);
    }
    const created = await call(teacher(), 'POST', `/api/courses/${w.course.id}/activities`, {
      type: 'homework',
      title: 'With a foreign rubric',
      module_id: w.module.id,
      data: { rubric_id: theirs },
    });
    expect(created.statusCode).toBe(404);
    const stored = (await call(teacher(), 'GET', `/api/activities/${hw.id}`)).json();
    expect(stored.data.rubric_id ?? null).toBeNull();
    expect(stored.data.intra_rubric_id ?? null).toBeNull();

    const mine = await createRubric(teacher());
    const viaActivity = await call(teacher(), 'PUT', `/api/activities/${hw.id}`, {
      data: { description: '<p>x</p>', intra_rubric_id: mine },
    });
    expect(viaActivity.statusCode).toBe(200);
    expect(viaActivity.json().data.intra_rubric_id).toBe(mine);
    const used = await call(teacher(), 'GET', `/api/rubrics/${mine}`);
    expect(used.json().engage_number).toBe(1);
  });

  it('keeps publishing state and rubrics when an activity edit leaves them out of data', async () => {
    const hw = await createHomework(t, w);
    const rubric = await createRubric(teacher());
    await call(teacher(), 'PATCH', `/api/homeworks/${hw.id}/rubric`, {
      rubric_id: rubric,
      rubric_visible_type: 'invisible',
    });
    const announced = await call(teacher(), 'PUT', `/api/homework/${hw.id}/announce-mark-status`, {
      isAnnounceMark: 1,
      announceScoreType: 1,
    });
    expect(announced.statusCode).toBe(200);
    const edit = await call(teacher(), 'PUT', `/api/activities/${hw.id}`, {
      title: 'Renamed',
      data: { description: '<p>new</p>', submit_times: 3 },
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.json().data).toMatchObject({
      description: '<p>new</p>',
      submit_times: 3,
      isAnnounceMark: 1,
      announceScoreType: 1,
      rubric_id: rubric,
      rubric_visible_type: 'invisible',
    });
    // Publishing is the announce endpoint's (it notifies): the activity edit cannot withdraw it.
    const withdraw = await call(teacher(), 'PUT', `/api/activities/${hw.id}`, {
      data: { isAnnounceMark: 0, announceScoreType: 2, rubric_id: null },
    });
    expect(withdraw.statusCode).toBe(200);
    expect(withdraw.json().data).toMatchObject({ isAnnounceMark: 1, announceScoreType: 2, rubric_id: null });
  });

  it('takes a group set of the course only, and keeps it once work is handed in', async () => {
    const hw = await createHomework(t, w);
    const other = await createExamWorld(t, 1);
    const foreign = await createGroupSet(t, other.course.id);
    const refused = await call(teacher(), 'PUT', `/api/activities/${hw.id}`, {
      data: { group_set_id: foreign.id },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors['data.group_set_id']).toEqual([
      'This group set does not exist in this course.',
    ]);
    await handIn(hw.id, 0);
    const own = await createGroupSet(t, w.course.id);
    const locked = await call(teacher(), 'PUT', `/api/activities/${hw.id}`, {
      data: { group_set_id: own.id },
    });
    expect(locked.statusCode).toBe(400);
    expect(locked.json().errors['data.group_set_id']).toBeDefined();
    const unchanged = await call(teacher(), 'PUT', `/api/activities/${hw.id}`, {
      data: { description: '<p>x</p>' },
    });
    expect(unchanged.statusCode).toBe(200);
  });

  it('publishes scores by the rules: type 3 needs a time not before the close time', async () => {
    const end = new Date(Date.now() + 3600_000);
    const hw = await createHomework(t, w, { endTime: end });
    const url = `/api/homework/${hw.id}/announce-mark-status`;
    const missing = await call(teacher(), 'PUT', url, { isAnnounceMark: 0, announceScoreType: 3 });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Choose when the scores are published.');
    const early = await call(teacher(), 'PUT', url, {
      isAnnounceMark: 0,
      announceScoreType: 3,
      announceScoreTime: new Date(end.getTime() - 60_000).toISOString(),
    });
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toBe('Scores cannot be published before the homework closes.');
    const ok = await call(teacher(), 'PUT', url, {
      isAnnounceMark: 0,
      announceScoreType: 3,
      announceScoreTime: end.toISOString(),
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ announceScoreType: 3, isAnnounceMark: 0, is_score_visible: false });

    // The generic activity API applies the same rule.
    const generic = await call(teacher(), 'PUT', `/api/activities/${hw.id}`, {
      data: { announceScoreType: 3, announceScoreTime: new Date(end.getTime() - 1000).toISOString() },
    });
    expect(generic.statusCode).toBe(400);
    expect(generic.json().errors['data.announceScoreTime']).toBeDefined();
    const byStudent = await call(student(0), 'PUT', url, { isAnnounceMark: 1 });
    expect(byStudent.statusCode).toBe(403);
  });
});

describe('marked attachments', () => {
  it('adds corrected files, replaces one through its reference, shows them once published, deletes them', async () => {
    const hw = await createHomework(t, w, { data: { announceScoreType: 1 } });
    const id = await handIn(hw.id, 0);
    const annotated = await readyUpload(t, w.org.id, w.teacher.id, 'annotated.txt');
    const add = await call(teacher(), 'PUT', `/api/course/activities/${hw.id}/submissions/correct-uploads`, {
      submission_id: id,
      uploads: [{ upload_id: annotated.id }, { upload_id: annotated.id }],
    });
    expect(add.statusCode).toBe(200);
    const [attachment] = add.json().marked_attachments;
    expect(add.json().marked_attachments).toHaveLength(1);
    expect(attachment).toMatchObject({ submission_id: id, upload_id: annotated.id, name: 'annotated.txt' });

    const list = await call(teacher(), 'GET', `/api/submissions/${id}/marked_attachments`);
    expect(list.json().marked_attachments).toHaveLength(1);
    const one = await call(teacher(), 'GET', `/api/submissions/${id}/marked_attachments/${attachment.id}`);
    expect(one.json().id).toBe(attachment.id);

    // Hidden from the student until scores are published.
    expect((await call(student(0), 'GET', `/api/submissions/${id}/marked_attachments`)).statusCode).toBe(404);
    expect((await call(student(0), 'GET', attachment.blob_url)).statusCode).toBe(404);
    await call(teacher(), 'PUT', `/api/homework/${hw.id}/announce-mark-status`, { isAnnounceMark: 1 });
    expect((await call(student(0), 'GET', `/api/submissions/${id}/marked_attachments`)).statusCode).toBe(200);
    const download = await call(student(0), 'GET', attachment.blob_url);
    expect(download.statusCode).toBe(200);
    expect(download.body).toBe('contents of annotated.txt');
    expect((await call(student(1), 'GET', `/api/submissions/${id}/marked_attachments`)).statusCode).toBe(404);

    const resaved = await readyUpload(t, w.org.id, w.teacher.id, 'annotated-v2.txt');
    const replaced = await call(teacher(), 'PUT', `/api/uploads/references/${attachment.reference_id}`, {
      upload_id: resaved.id,
    });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json()).toMatchObject({
      id: attachment.id,
      upload_id: resaved.id,
      name: 'annotated-v2.txt',
    });
    const notMine = await readyUpload(t, w.org.id, studentId(1));
    const refused = await call(teacher(), 'PUT', `/api/uploads/references/${attachment.reference_id}`, {
      upload_id: notMine.id,
    });
    expect(refused.statusCode).toBe(400);

    expect(
      (await call(student(0), 'DELETE', `/api/uploads/marked_attachment/${attachment.id}`)).statusCode,
    ).toBe(403);
    const deleted = await call(teacher(), 'DELETE', `/api/uploads/marked_attachment/${attachment.id}`);
    expect(deleted.statusCode).toBe(200);
    expect(
      await t.db
        .select()
        .from(homeworkMarkedAttachments)
        .where(eq(homeworkMarkedAttachments.submissionId, id)),
    ).toHaveLength(0);
    expect(
      await t.db.select().from(uploadReferences).where(eq(uploadReferences.parentId, attachment.id)),
    ).toEqual([]);
  });

  it('never gives a homework marked attachment the id of an exam one', async () => {
    const hw = await createHomework(t, w);
    const id = await handIn(hw.id, 1);
    const file = await readyUpload(t, w.org.id, w.teacher.id);
    const exam = await createOpenExam(t, w, [
      { type: 'short_answer', description: 'Explain', point: 5, answer: 'x' },
    ]);
    const examSubmission = await takeExam(t, exam.id, student(1));
    const examAttachment = (
      await call(
        teacher(),
        'POST',
        `/api/exams/${exam.id}/submissions/${examSubmission}/marked-attachments`,
        {
          upload_id: file.id,
        },
      )
    ).json();
    const homeworkAttachment = (
      await call(teacher(), 'PUT', `/api/course/activities/${hw.id}/submissions/correct-uploads`, {
        submission_id: id,
        uploads: [{ upload_id: file.id }],
      })
    ).json().marked_attachments[0];
    expect(homeworkAttachment.id).not.toBe(examAttachment.id);
    expect(
      (await call(teacher(), 'DELETE', `/api/uploads/marked_attachment/${examAttachment.id}`)).statusCode,
    ).toBe(200);
    expect(
      await t.db
        .select()
        .from(homeworkMarkedAttachments)
        .where(eq(homeworkMarkedAttachments.id, homeworkAttachment.id)),
    ).toHaveLength(1);
  });
});

describe('peer scores', () => {
  it('takes inter- and intra-group scores when switched on, and lists them', async () => {
    const world = await createExamWorld(t, 3);
    const ids = world.students.map((s) => s.user.id);
    const set = await createGroupSet(t, world.course.id);
    const a = await createGroup(t, set.id, { memberIds: [ids[0]!, ids[1]!] });
    const b = await createGroup(t, set.id, { memberIds: [ids[2]!] });
    const hw = await createHomework(t, world, {
      data: { group_set_id: set.id, interScoreMap: { weight: 20 }, intraScoreMap: { weight: 10 } },
    });
    const s = (i: number) => world.students[i]!.session;
    await call(s(2), 'POST', `/api/course/activities/${hw.id}/submissions`, { comment: '<p>group b</p>' });

    const inter = await call(s(0), 'POST', `/api/homework/${hw.id}/inter-scores`, {
      group_id: b.id,
      score: '85',
    });
    expect(inter.statusCode).toBe(200);
    expect(inter.json()).toMatchObject({ kind: 'inter', group_id: b.id, score: 85 });
    const ownGroup = await call(s(0), 'POST', `/api/homework/${hw.id}/inter-scores`, {
      group_id: a.id,
      score: 90,
    });
    expect(ownGroup.statusCode).toBe(403);
    const badScore = await call(s(0), 'POST', `/api/homework/${hw.id}/inter-scores`, {
      group_id: b.id,
      score: '7.25',
    });
    expect(badScore.statusCode).toBe(400);

    const intra = await call(s(0), 'POST', `/api/homework/${hw.id}/intra-scores`, {
      user_id: ids[1],
      score: 70,
    });
    expect(intra.statusCode).toBe(200);
    const again = await call(s(0), 'POST', `/api/homework/${hw.id}/intra-scores`, {
      user_id: ids[1],
      score: 80,
    });
    expect(again.json().id).toBe(intra.json().id);
    const outsider = await call(s(0), 'POST', `/api/homework/${hw.id}/intra-scores`, {
      user_id: ids[2],
      score: 70,
    });
    expect(outsider.statusCode).toBe(403);

    const interList = (await call(world.teacherSession, 'GET', `/api/homework/${hw.id}/inter-scores`)).json();
    expect(interList.inter_scores).toHaveLength(1);
    const intraList = (await call(world.teacherSession, 'GET', `/api/homework/${hw.id}/intra-scores`)).json();
    expect(intraList.intra_scores).toHaveLength(1);
    const groupView = await call(s(1), 'GET', `/api/activities/${hw.id}/group/${a.id}/intra_submission`);
    expect(groupView.statusCode).toBe(200);
    expect(groupView.json().averages.find((x: { user_id: number }) => x.user_id === ids[1]).average).toBe(80);
    expect(
      (await call(s(2), 'GET', `/api/activities/${hw.id}/group/${a.id}/intra_submission`)).statusCode,
    ).toBe(404);
    const theirs = (await call(s(2), 'GET', `/api/homework/${hw.id}/inter-scores`)).json();
    expect(theirs.inter_scores).toHaveLength(1);
  });

  it('refuses peer scores when the homework does not switch them on', async () => {
    const hw = await createHomework(t, w);
    const res = await call(student(0), 'POST', `/api/homework/${hw.id}/intra-scores`, {
      user_id: studentId(1),
      score: 5,
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('completion', () => {
  it('completes homework from real hand-ins: submitted, or a score of at least N', async () => {
    const submitted = await createHomework(t, w, { completion: { key: 'submitted' } });
    const scored = await createHomework(t, w, { completion: { key: 'score', value: 60 } });
    // The one judge of homework completion (the activity list's): asked for these two homework only.
    const judge = activityCompletion(t.db);
    const completion = {
      completedAmong: async (userId: number, among: readonly { id: number }[]) => {
        const done = await judge.completedByWork(w.course.id, userId);
        return new Set(among.map((a) => a.id).filter((id) => done.has(id)));
      },
    };
    expect(await completion.completedAmong(studentId(0), [submitted, scored])).toEqual(new Set());
    await handIn(submitted.id, 0);
    const id = await handIn(scored.id, 0);
    expect(await completion.completedAmong(studentId(0), [submitted, scored])).toEqual(
      new Set([submitted.id]),
    );
    await call(teacher(), 'PUT', scoreUrl(scored.id), { id, score: 59.9 });
    expect((await completion.completedAmong(studentId(0), [scored])).size).toBe(0);
    await call(teacher(), 'PUT', scoreUrl(scored.id), { id, score: 60 });
    expect(await completion.completedAmong(studentId(0), [scored])).toEqual(new Set([scored.id]));
    await call(teacher(), 'POST', `/api/homework/${submitted.id}/mark-unsubmitted`, {
      submitter_ids: [studentId(0)],
    });
    expect((await completion.completedAmong(studentId(0), [submitted])).size).toBe(0);
    expect((await completion.completedAmong(studentId(1), [submitted, scored])).size).toBe(0);
  });
});

describe('completion in the activity list', () => {
  type Listed = { id: number; completed?: boolean };
  const listed = async (session: Session, courseId: number) => {
    const res = await call(session, 'GET', `/api/courses/${courseId}/activities`);
    expect(res.statusCode).toBe(200);
    return new Map(res.json<{ activities: Listed[] }>().activities.map((a) => [a.id, a]));
  };

  it('flips after a hand-in and after a score of at least N, for the student only', async () => {
    const v = await createExamWorld(t, 2);
    const [me, classmate] = [v.students[0]!, v.students[1]!];
    const submitted = await createHomework(t, v, { completion: { key: 'submitted' } });
    const scored = await createHomework(t, v, { completion: { key: 'score', value: 60 } });
    const none = await createHomework(t, v);
    const exam = await createOpenExam(t, v, [
      { type: 'short_answer', description: 'Explain', point: 5, answer: 'x' },
    ]);
    await t.db
      .update(activities)
      .set({ completionCriterionKey: 'score', completionCriterionValue: 4 })
      .where(eq(activities.id, exam.id));
    const reading = await createActivity(t, {
      courseId: v.course.id,
      moduleId: v.module.id,
      createdBy: v.teacher.id,
      type: 'material',
      title: 'Reading',
      published: true,
      completionCriterionKey: 'view',
    });

    let list = await listed(me.session, v.course.id);
    expect(list.get(submitted.id)?.completed).toBe(false);
    expect(list.get(scored.id)?.completed).toBe(false);
    expect(list.get(exam.id)?.completed).toBe(false);
    expect(list.get(reading.id)?.completed).toBe(false);
    expect(list.get(none.id)).not.toHaveProperty('completed');

    const as = (session: Session, method: Method, url: string, payload?: object) =>
      t.app.inject({ method, url, headers: session.headers, ...(payload ? { payload } : {}) });
    const handInBy = async (session: Session, id: number) => {
      const res = await as(session, 'POST', `/api/course/activities/${id}/submissions`, { comment: 'x' });
      expect(res.statusCode).toBe(201);
      return res.json().submission.id as number;
    };
    await handInBy(me.session, submitted.id);
    const scoredSubmission = await handInBy(me.session, scored.id);
    expect((await as(me.session, 'POST', `/api/course/activities-read/${reading.id}`)).statusCode).toBe(200);
    list = await listed(me.session, v.course.id);
    expect(list.get(submitted.id)?.completed).toBe(true);
    expect(list.get(scored.id)?.completed).toBe(false);
    expect(list.get(reading.id)?.completed).toBe(true);

    const mark = (score: number) =>
      as(v.teacherSession, 'PUT', scoreUrl(scored.id), { id: scoredSubmission, score });
    expect((await mark(59.5)).statusCode).toBe(200);
    expect((await listed(me.session, v.course.id)).get(scored.id)?.completed).toBe(false);
    expect((await mark(60)).statusCode).toBe(200);
    expect((await listed(me.session, v.course.id)).get(scored.id)?.completed).toBe(true);

    const [subject] = await paperSubjects(t, exam.id);
    const examSubmission = await takeExam(t, exam.id, me.session);
    expect((await listed(me.session, v.course.id)).get(exam.id)?.completed).toBe(false);
    await as(v.teacherSession, 'POST', `/api/exams/${exam.id}/give-score`, {
      submission_id: examSubmission,
      subject_id: subject!.id,
      score: 4,
    });
    expect((await listed(me.session, v.course.id)).get(exam.id)?.completed).toBe(true);

    // Someone else's work completes nothing for the classmate; the teaching team gets no flag at all.
    const theirs = await listed(classmate.session, v.course.id);
    expect([submitted.id, scored.id, exam.id, reading.id].map((id) => theirs.get(id)?.completed)).toEqual([
      false,
      false,
      false,
      false,
    ]);
    for (const activity of (await listed(v.teacherSession, v.course.id)).values()) {
      expect(activity).not.toHaveProperty('completed');
    }
  });

  it('counts a group hand-in for every member of the group', async () => {
    const v = await createExamWorld(t, 2);
    const set = await createGroupSet(t, v.course.id);
    await createGroup(t, set.id, { memberIds: [v.students[0]!.user.id, v.students[1]!.user.id] });
    const hw = await createHomework(t, v, {
      data: { group_set_id: set.id },
      completion: { key: 'submitted' },
    });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/course/activities/${hw.id}/submissions`,
      headers: v.students[0]!.session.headers,
      payload: { comment: 'ours' },
    });
    expect(res.statusCode).toBe(201);
    expect((await listed(v.students[1]!.session, v.course.id)).get(hw.id)?.completed).toBe(true);
  });
});

describe('OpenAPI', () => {
  it('documents every homework call', async () => {
    const doc = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(doc.statusCode).toBe(200);
    const paths = Object.keys(doc.json().paths);
    for (const path of [
      '/api/homework/{id}',
      '/api/homeworks/{id}/description',
      '/api/homeworks/{id}/rubric',
      '/api/homework/{id}/announce-mark-status',
      '/api/course/activities/{id}/submissions',
      '/api/courses/{courseId}/homework-activities',
      '/api/course/activities/{id}/students/{studentId}/submission',
      '/api/activities/{id}/students/{studentId}/submission_list',
      '/api/activities/{id}/groups/{groupId}/submission_list',
      '/api/activities/{id}/groups/{groupId}/submission',
      '/api/activities/{id}/group/{groupId}/intra_submission',
      '/api/activities/{id}/students/{studentId}/homework-score',
      '/api/course/activities/{id}/submission/score',
      '/api/activity/{activityId}/submitter/{submitterId}/score-records',
      '/api/submissions/{id}/marked_attachments',
      '/api/submissions/{id}/marked_attachments/{attId}',
      '/api/uploads/references/{id}',
      '/api/course/activities/{id}/submissions/correct-uploads',
      '/api/uploads/marked_attachment/{id}',
      '/api/homework/{id}/inter-scores',
      '/api/homework/{id}/intra-scores',
      '/api/homework/{id}/submitters',
      '/api/homework/{id}/redo',
      '/api/homework/{id}/remind',
      '/api/homework/{id}/make-up',
      '/api/homework/{id}/mark-unsubmitted',
      '/api/homework/{id}/recommend',
      '/api/homework/{id}/unrecommend',
      '/api/homework/{id}/submit-on-behalf',
      '/api/homework/{id}/recommended-submissions',
    ]) {
      expect(paths).toContain(path);
    }
  });
});
