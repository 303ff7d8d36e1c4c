import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { activities } from '../../db/schema/activities.ts';
import { homeworkSubmissions, homeworkSubmitters } from '../../db/schema/homework.ts';
import { createExamWorld, type ExamWorld } from '../../test/exam-taking-factories.ts';
import {
  addMember,
  createGroup,
  createGroupSet,
  createUser,
  loginAs,
  type Session,
} from '../../test/factories.ts';
import { createHomework, readyUpload } from '../../test/homework-factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { uploads } from '../../db/schema/uploads.ts';
import { orphanUploadsService } from '../uploads/orphan-uploads.service.ts';

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
const submit = (session: Session, id: number, payload: object) =>
  call(session, 'POST', `/api/course/activities/${id}/submissions`, payload);

async function rowsOf(activityId: number) {
  return t.db.select().from(homeworkSubmissions).where(eq(homeworkSubmissions.activityId, activityId));
}

describe('handing in', () => {
  it('stores a hand-in with sanitised comment and files, each resubmission a new version', async () => {
    const hw = await createHomework(t, w);
    const file = await readyUpload(t, w.org.id, studentId(0));
    const first = await submit(student(0), hw.id, {
      comment: '<p>My essay</p><script>alert(1)</script>',
      uploads: [file.id],
    });
    expect(first.statusCode).toBe(201);
    const body = first.json();
    expect(body.submission).toMatchObject({
      version: 1,
      is_draft: false,
      status: 1,
      comment: '<p>My essay</p>',
      student_id: studentId(0),
      submitted_by: { id: studentId(0) },
    });
    expect(body.submission.uploads.map((u: { upload_id: number }) => u.upload_id)).toEqual([file.id]);
    expect(body.submitter).toMatchObject({ status: 1, submission_count: 1, mark_status: 'unmarked' });

    const second = await submit(student(0), hw.id, { comment: '<p>Better essay</p>', uploads: [file.id] });
    expect(second.json().submission.version).toBe(2);
    const list = await call(
      student(0),
      'GET',
      `/api/activities/${hw.id}/students/${studentId(0)}/submission_list`,
    );
    expect(list.json().submissions.map((s: { version: number }) => s.version)).toEqual([1, 2]);
    const teacherList = await call(
      w.teacherSession,
      'GET',
      `/api/activities/${hw.id}/students/${studentId(0)}/submission_list`,
    );
    expect(teacherList.json().submissions).toHaveLength(2);
  });

  it('saves a draft that only its owner sees, then hands it in as version 1', async () => {
    const hw = await createHomework(t, w);
    const draft = await submit(student(1), hw.id, { comment: '<p>half done</p>', is_draft: true });
    expect(draft.statusCode).toBe(201);
    expect(draft.json().submission).toMatchObject({ is_draft: true, version: 0 });
    expect(draft.json().submitter.submission_count).toBe(0);

    const mine = await call(
      student(1),
      'GET',
      `/api/course/activities/${hw.id}/students/${studentId(1)}/submission`,
    );
    expect(mine.json()).toMatchObject({ submission: null, draft: { comment: '<p>half done</p>' } });
    const teacherView = await call(
      w.teacherSession,
      'GET',
      `/api/course/activities/${hw.id}/students/${studentId(1)}/submission`,
    );
    expect(teacherView.json()).toMatchObject({ submission: null, draft: null });
    expect(teacherView.json().permissions).toEqual({
      allow_mark: true,
      allow_edit: true,
      allow_setting: true,
    });

    const handedIn = await submit(student(1), hw.id, { comment: '<p>done</p>' });
    expect(handedIn.json().submission).toMatchObject({
      version: 1,
      is_draft: false,
      id: draft.json().submission.id,
    });
    expect(await rowsOf(hw.id)).toHaveLength(1);
  });

  it('answers a resent hand-in with the same version, and concurrent ones with one', async () => {
    const hw = await createHomework(t, w, { data: { submit_times: 1 } });
    const payload = { comment: '<p>Once</p>' };
    const results = await Promise.all(Array.from({ length: 6 }, () => submit(student(2), hw.id, payload)));
    expect(results.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201, 201]);
    expect(new Set(results.map((r) => r.json().submission.id)).size).toBe(1);
    const rows = await rowsOf(hw.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.version).toBe(1);
    const [state] = await t.db
      .select()
      .from(homeworkSubmitters)
      .where(and(eq(homeworkSubmitters.activityId, hw.id), eq(homeworkSubmitters.userId, studentId(2))));
    expect(state!.lastVersion).toBe(1);
  });

  it('numbers concurrent different hand-ins one after another', async () => {
    const hw = await createHomework(t, w);
    const results = await Promise.all(
      Array.from({ length: 5 }, (_, i) => submit(student(3), hw.id, { comment: `<p>take ${i}</p>` })),
    );
    expect(results.every((r) => r.statusCode === 201)).toBe(true);
    const versions = (await rowsOf(hw.id)).map((r) => r.version).sort();
    expect(versions).toEqual([1, 2, 3, 4, 5]);
  });

  it('refuses beyond the allowed count and keeps what is stored', async () => {
    const hw = await createHomework(t, w, { data: { submit_times: 1 } });
    await submit(student(0), hw.id, { comment: '<p>first</p>' });
    const again = await submit(student(0), hw.id, { comment: '<p>second</p>' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain('1');
    const rows = await rowsOf(hw.id);
    expect(rows.map((r) => r.comment)).toEqual(['<p>first</p>']);
  });

  it('refuses after the deadline without make-up, and accepts inside a make-up window', async () => {
    const hw = await createHomework(t, w, { endTime: new Date(Date.now() - 60_000) });
    const late = await submit(student(1), hw.id, { comment: '<p>late</p>' });
    expect(late.statusCode).toBe(403);
    expect(late.json().message).toBe('The deadline has passed, so this homework can no longer be handed in.');
    const draft = await submit(student(1), hw.id, { comment: '<p>late</p>', is_draft: true });
    expect(draft.statusCode).toBe(403);
    expect(await rowsOf(hw.id)).toHaveLength(0);

    const granted = await call(w.teacherSession, 'POST', `/api/homework/${hw.id}/make-up`, {
      submitter_ids: [studentId(1)],
      end_time: new Date(Date.now() + 3600_000).toISOString(),
    });
    expect(granted.statusCode).toBe(200);
    expect(granted.json().submitters[0]).toMatchObject({ status: 4, make_up_end_time: expect.any(String) });
    const makeUp = await submit(student(1), hw.id, { comment: '<p>late</p>' });
    expect(makeUp.statusCode).toBe(201);
    expect(makeUp.json().submission.status).toBe(2);
    expect(makeUp.json().submitter.status).toBe(2);
    // Another student got no window.
    expect((await submit(student(2), hw.id, { comment: '<p>me too</p>' })).statusCode).toBe(403);
  });

  it('takes late hand-ins when the late policy allows them, marked late', async () => {
    const hw = await createHomework(t, w, {
      endTime: new Date(Date.now() - 60_000),
      data: { allow_late_submission: true },
    });
    const late = await submit(student(0), hw.id, { comment: '<p>sorry</p>' });
    expect(late.statusCode).toBe(201);
    expect(late.json().submission).toMatchObject({ is_late: true, status: 1 });
  });

  it('refuses a homework that has not started, is unpublished, or a caller who is no student', async () => {
    const future = await createHomework(t, w, { startTime: new Date(Date.now() + 3600_000) });
    const early = await submit(student(0), future.id, { comment: '<p>x</p>' });
    expect(early.statusCode).toBe(403);
    expect(early.json().message).toBe('This homework has not started yet.');

    const draft = await createHomework(t, w, { published: false });
    const unpublished = await submit(student(0), draft.id, { comment: '<p>x</p>' });
    expect(unpublished.statusCode).toBe(403);
    expect(unpublished.json().message).toBe('This homework is not published yet, so it cannot be handed in.');

    const hw = await createHomework(t, w);
    const outsider = await createUser(t, w.org.id);
    const res = await submit(await loginAs(t, outsider), hw.id, { comment: '<p>x</p>' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Only students of this course can hand in homework.');

    const teacher = await submit(w.teacherSession, hw.id, { comment: '<p>x</p>' });
    expect(teacher.statusCode).toBe(403);
    const simulating = await submit(w.simulatingSession, hw.id, { comment: '<p>x</p>' });
    expect(simulating.statusCode).toBe(403);
    expect(simulating.json().code).toBe('simulating_read_only');
    expect(await rowsOf(hw.id)).toHaveLength(0);
  });

  it('refuses an empty hand-in and files that are not the student’s', async () => {
    const hw = await createHomework(t, w);
    const empty = await submit(student(0), hw.id, { comment: '  ' });
    expect(empty.statusCode).toBe(400);
    const theirs = await readyUpload(t, w.org.id, studentId(1));
    const stolen = await submit(student(0), hw.id, { comment: '<p>x</p>', uploads: [theirs.id] });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().errors.uploads).toBeDefined();
  });

  it('keeps another student’s submission from a student', async () => {
    const hw = await createHomework(t, w);
    await submit(student(0), hw.id, { comment: '<p>private</p>' });
    const peek = await call(
      student(1),
      'GET',
      `/api/course/activities/${hw.id}/students/${studentId(0)}/submission`,
    );
    expect(peek.statusCode).toBe(404);
    const list = await call(
      student(1),
      'GET',
      `/api/activities/${hw.id}/students/${studentId(0)}/submission_list`,
    );
    expect(list.statusCode).toBe(404);
    const score = await call(
      student(1),
      'GET',
      `/api/activities/${hw.id}/students/${studentId(0)}/homework-score`,
    );
    expect(score.statusCode).toBe(404);
  });

  it('lets the teaching team read a student’s file, and nobody else', async () => {
    const hw = await createHomework(t, w);
    const file = await readyUpload(t, w.org.id, studentId(0), 'mine.txt');
    const res = await submit(student(0), hw.id, { comment: '<p>x</p>', uploads: [file.id] });
    const reference = res.json().submission.uploads[0];
    const teacher = await call(w.teacherSession, 'GET', reference.blob_url);
    expect(teacher.statusCode).toBe(200);
    expect(teacher.body).toBe('contents of mine.txt');
    const classmate = await call(student(1), 'GET', reference.blob_url);
    expect(classmate.statusCode).toBe(404);
  });
});

describe('group homework', () => {
  it('takes one submission per group, visible to every member, refused outside the groups', async () => {
    const set = await createGroupSet(t, w.course.id);
    const group = await createGroup(t, set.id, { memberIds: [studentId(0), studentId(1)] });
    const hw = await createHomework(t, w, { data: { group_set_id: set.id } });
    const first = await submit(student(0), hw.id, { comment: '<p>ours</p>' });
    expect(first.statusCode).toBe(201);
    expect(first.json().submission).toMatchObject({ group_id: group.id, student_id: null, version: 1 });
    const second = await submit(student(1), hw.id, { comment: '<p>ours, better</p>' });
    expect(second.json().submission.version).toBe(2);

    const view = await call(student(1), 'GET', `/api/activities/${hw.id}/groups/${group.id}/submission`);
    expect(view.statusCode).toBe(200);
    expect(view.json().submission.comment).toBe('<p>ours, better</p>');
    expect(view.json().submitter).toMatchObject({ kind: 'group', submission_count: 2 });
    const list = await call(
      w.teacherSession,
      'GET',
      `/api/activities/${hw.id}/groups/${group.id}/submission_list`,
    );
    expect(list.json().submissions).toHaveLength(2);
    const outsiderView = await call(
      student(2),
      'GET',
      `/api/activities/${hw.id}/groups/${group.id}/submission`,
    );
    expect(outsiderView.statusCode).toBe(404);

    const outside = await submit(student(2), hw.id, { comment: '<p>me</p>' });
    expect(outside.statusCode).toBe(403);
    expect(outside.json().message).toContain('not in a group');
  });
});

describe('reading lists and scores', () => {
  it('lists the course homework with the viewer’s standing, paged and filtered', async () => {
    const other = await createExamWorld(t, 2);
    const open = await createHomework(t, other, { data: { announceScoreType: 2 } });
    await t.db.update(activities).set({ title: 'Poems' }).where(eq(activities.id, open.id));
    const closed = await createHomework(t, other, { endTime: new Date(Date.now() - 60_000) });
    await createHomework(t, other, { published: false });
    const s0 = other.students[0]!;
    await submit(s0.session, open.id, { comment: '<p>x</p>' });

    const url = `/api/courses/${other.course.id}/homework-activities`;
    const mine = (await call(s0.session, 'GET', `${url}?page=1&page_size=10`)).json();
    expect(mine.homework_activities).toHaveLength(2);
    expect(mine.homework_activities.find((h: { id: number }) => h.id === open.id)).toMatchObject({
      has_submitted: true,
      submitted: 1,
      is_closed: false,
      score: null,
      status: 1,
    });
    expect(mine.homework_activities.find((h: { id: number }) => h.id === closed.id)).toMatchObject({
      has_submitted: false,
      is_closed: true,
      status: 3,
    });
    const teacher = (await call(other.teacherSession, 'GET', url)).json();
    expect(teacher.total).toBe(3);
    expect(teacher.homework_activities.find((h: { id: number }) => h.id === open.id)).toMatchObject({
      submitted: 1,
      submitter_count: 2,
    });
    const paged = (await call(other.teacherSession, 'GET', `${url}?page=2&page_size=2`)).json();
    expect(paged).toMatchObject({ page: 2, pages: 2, total: 3 });
    expect(paged.homework_activities).toHaveLength(1);
    const conditions = encodeURIComponent(JSON.stringify({ keyword: 'poem' }));
    const filtered = (await call(other.teacherSession, 'GET', `${url}?conditions=${conditions}`)).json();
    expect(filtered.homework_activities.map((h: { id: number }) => h.id)).toEqual([open.id]);
  });

  it('shows a student their homework score once it is published to them', async () => {
    const hw = await createHomework(t, w, { data: { announceScoreType: 1 } });
    const handedIn = (await submit(student(3), hw.id, { comment: '<p>x</p>' })).json();
    const scored = await call(w.teacherSession, 'PUT', `/api/course/activities/${hw.id}/submission/score`, {
      id: handedIn.submission.id,
      score: '88.5',
    });
    expect(scored.statusCode).toBe(200);
    const url = `/api/activities/${hw.id}/students/${studentId(3)}/homework-score`;
    expect((await call(student(3), 'GET', url)).json()).toMatchObject({
      score: null,
      is_score_visible: false,
    });
    expect((await call(w.teacherSession, 'GET', url)).json()).toMatchObject({
      score: 88.5,
      final_score: 88.5,
    });
    const published = await call(w.teacherSession, 'PUT', `/api/homework/${hw.id}/announce-mark-status`, {
      isAnnounceMark: 1,
    });
    expect(published.statusCode).toBe(200);
    expect((await call(student(3), 'GET', url)).json()).toMatchObject({
      score: 88.5,
      is_score_visible: true,
      status: 1,
    });
  });

  it('counts a hand-in towards another member’s account of the same course only when it is theirs', async () => {
    const hw = await createHomework(t, w);
    const newcomer = await createUser(t, w.org.id);
    await addMember(t, w.course.id, newcomer.id, ['student']);
    const session = await loginAs(t, newcomer);
    const res = await call(
      session,
      'GET',
      `/api/course/activities/${hw.id}/students/${newcomer.id}/submission`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      submission: null,
      submitter: { status: 3, mark_status: 'unsubmitted' },
    });
  });
});

describe('files and the orphan sweep', () => {
  it('keeps a handed-in file, and sweeps it once its homework is gone', async () => {
    const hw = await createHomework(t, w);
    const file = await readyUpload(t, w.org.id, studentId(0), 'kept.txt');
    await t.db
      .update(uploads)
      .set({ createdAt: new Date(Date.now() - 48 * 3600_000) })
      .where(eq(uploads.id, file.id));
    await submit(student(0), hw.id, { comment: '<p>x</p>', uploads: [file.id] });
    const sweeper = orphanUploadsService({ config: t.config, db: t.db, storage: t.storage, log: t.app.log });
    await sweeper.sweepOrphanUploads(new Date());
    expect(await t.db.select().from(uploads).where(eq(uploads.id, file.id))).toHaveLength(1);
    await t.db.delete(activities).where(eq(activities.id, hw.id));
    await sweeper.sweepOrphanUploads(new Date());
    expect(await t.db.select().from(uploads).where(eq(uploads.id, file.id))).toHaveLength(0);
  });
});

describe('learner records', () => {
  it('reports a homework with hand-ins as having dependents', async () => {
    const hw = await createHomework(t, w);
    const empty = await createHomework(t, w);
    await submit(student(0), hw.id, { comment: '<p>x</p>' });
    const res = await call(
      w.teacherSession,
      'GET',
      `/api/activities/have-dependents?activity_ids=${hw.id},${empty.id}`,
    );
    expect(res.json()).toEqual({
      has_dependents: true,
      activity_ids: [hw.id],
      recycle_bin_retention_days: 30,
    });
  });
});
