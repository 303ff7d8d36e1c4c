import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { COURSE_ROLES, type CourseRole } from '@lectern/contracts/courses/course-roles';
import { activities } from '../../db/schema/activities.ts';
import { courseMembers } from '../../db/schema/courses.ts';
import { examPaperInstances, examSubmissions } from '../../db/schema/exam-submissions.ts';
import { examMakeupUsers, subjectOptions } from '../../db/schema/exams.ts';
import { caller, createExamWorld, createOpenExam, type ExamWorld } from '../../test/exam-taking-factories.ts';
import { singleChoice } from '../../test/exams-factories.ts';
import { addMember, createUser, loginAs } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { examTakerRoles, rolesMayTake } from './exam-taking.policy.ts';

// Issue 12's storm: once a process has an exam's paper at hand, a start is one statement that reads the
// caller's standing and inserts their attempt together (taking-exam-access.ts `startOrCreate`). Every
// test here first starts the exam as another student, so the next start takes that path, and then checks
// that each rule still holds and that nothing was inserted where it refused.

let t: TestApp;
let w: ExamWorld;
let as: ReturnType<typeof caller>;

beforeAll(async () => {
  t = await createTestApp();
  w = await createExamWorld(t, 6);
  as = caller(t);
});
afterAll(async () => t.close());

const distribute = (session: ExamWorld['teacherSession'], examId: number) =>
  as(session, { method: 'GET', url: `/api/exams/${examId}/distribute` });

async function attemptsOf(examId: number, userId: number) {
  const instances = await t.db
    .select({ id: examPaperInstances.id })
    .from(examPaperInstances)
    .where(and(eq(examPaperInstances.activityId, examId), eq(examPaperInstances.userId, userId)));
  const submissions = await t.db
    .select({ id: examSubmissions.id })
    .from(examSubmissions)
    .where(and(eq(examSubmissions.activityId, examId), eq(examSubmissions.examineeId, userId)));
  return { instances: instances.length, submissions: submissions.length };
}

/** An open exam whose paper this process has read: student 0 has started it. */
async function warmExam(
  data: Record<string, unknown> = {},
  makeupInputs?: ReturnType<typeof singleChoice>[],
) {
  const exam = await createOpenExam(t, w, [singleChoice(1, 'Q1'), singleChoice(1, 'Q2')], {
    data: { submit_times: 1, ...data },
    ...(makeupInputs ? { makeupInputs } : {}),
  });
  expect((await distribute(w.students[0]!.session, exam.id)).statusCode).toBe(200);
  return exam;
}

describe('the roles the database may let take an exam', () => {
  it('are derived from the policy, and every combination of them is allowed by it too', () => {
    const roles = examTakerRoles(1);
    expect(roles).toContain('student');
    expect(roles).not.toContain('instructor');
    for (let mask = 1; mask < 1 << roles.length; mask += 1) {
      const held = roles.filter((_, i) => (mask >> i) & 1) as CourseRole[];
      expect(rolesMayTake(held, 1), held.join(',')).toBe(true);
    }
    for (const role of COURSE_ROLES.filter((r) => !roles.includes(r))) {
      expect(rolesMayTake([role], 1), role).toBe(false);
    }
  });
});

describe('a one-statement start keeps every rule', () => {
  it('many parallel starts of one student create one attempt, and all of them get it', async () => {
    const exam = await warmExam();
    const student = w.students[1]!;
    const answers = await Promise.all(Array.from({ length: 12 }, () => distribute(student.session, exam.id)));
    expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 200));
    const ids = new Set(answers.map((a) => a.json().exam_paper_instance_id as number));
    expect(ids.size).toBe(1);
    expect(await attemptsOf(exam.id, student.user.id)).toEqual({ instances: 1, submissions: 1 });
    expect(answers[0]!.json().subjects).toHaveLength(2);
  });

  it('no attempt left after the hand-in', async () => {
    const exam = await warmExam();
    const student = w.students[2]!;
    const started = await distribute(student.session, exam.id);
    expect(started.statusCode).toBe(200);
    const handed = await as(student.session, {
      method: 'POST',
      url: `/api/exams/${exam.id}/submissions`,
      payload: {
        exam_paper_instance_id: started.json().exam_paper_instance_id,
        exam_finished: true,
        subjects: [],
      },
    });
    expect(handed.statusCode).toBe(200);
    expect((await distribute(student.session, exam.id)).statusCode).toBe(403);
    expect(await attemptsOf(exam.id, student.user.id)).toEqual({ instances: 1, submissions: 1 });
  });

  it('no attempt left after an attempt this process never saw (another process took it)', async () => {
    const exam = await warmExam();
    const user = await createUser(t, w.org.id);
    await addMember(t, w.course.id, user.id, ['student']);
    const session = await loginAs(t, user);
    // Started and handed in through another process: this one proposes a start, which the rows refuse.
    const [instance] = await t.db
      .insert(examPaperInstances)
      .values({ activityId: exam.id, userId: user.id, attempt: 1, layout: [] })
      .returning({ id: examPaperInstances.id });
    await t.db.insert(examSubmissions).values({
      activityId: exam.id,
      instanceId: instance!.id,
      examineeId: user.id,
      status: 'submitted',
      submittedAt: new Date(),
    });
    expect((await distribute(session, exam.id)).statusCode).toBe(403);
    expect(await attemptsOf(exam.id, user.id)).toEqual({ instances: 1, submissions: 1 });
  });

  it('the window and publication read from the row, even when written without moving the paper version', async () => {
    const exam = await warmExam();
    const student = w.students[3]!;
    await t.db
      .update(activities)
      .set({ endTime: new Date(Date.now() - 60_000) })
      .where(eq(activities.id, exam.id));
    expect((await distribute(student.session, exam.id)).statusCode).toBe(403);
    await t.db
      .update(activities)
      .set({ endTime: new Date(Date.now() + 3600_000), published: false })
      .where(eq(activities.id, exam.id));
    expect([403, 404]).toContain((await distribute(student.session, exam.id)).statusCode);
    expect(await attemptsOf(exam.id, student.user.id)).toEqual({ instances: 0, submissions: 0 });
    await t.db.update(activities).set({ published: true }).where(eq(activities.id, exam.id));
    expect((await distribute(student.session, exam.id)).statusCode).toBe(200);
  });

  it('the attempts allowed read from the data as it is now', async () => {
    const exam = await warmExam({ submit_times: 2 });
    const student = w.students[4]!;
    const first = await distribute(student.session, exam.id);
    await as(student.session, {
      method: 'POST',
      url: `/api/exams/${exam.id}/submissions`,
      payload: {
        exam_paper_instance_id: first.json().exam_paper_instance_id,
        exam_finished: true,
        subjects: [],
      },
    });
    const [row] = await t.db
      .select({ data: activities.data })
      .from(activities)
      .where(eq(activities.id, exam.id));
    await t.db
      .update(activities)
      .set({ data: { ...row!.data, submit_times: 1 } })
      .where(eq(activities.id, exam.id));
    expect((await distribute(student.session, exam.id)).statusCode).toBe(403);
    expect(await attemptsOf(exam.id, student.user.id)).toEqual({ instances: 1, submissions: 1 });
  });

  it('the teaching team, a simulating instructor and a student who also assists teaching are refused', async () => {
    const exam = await warmExam();
    expect((await distribute(w.teacherSession, exam.id)).statusCode).toBe(403);
    expect((await distribute(w.simulatingSession, exam.id)).statusCode).toBe(403);
    const both = await createUser(t, w.org.id);
    await addMember(t, w.course.id, both.id, ['student', 'instructor_assistant']);
    expect((await distribute(await loginAs(t, both), exam.id)).statusCode).toBe(403);
    expect(await attemptsOf(exam.id, w.teacher.id)).toEqual({ instances: 0, submissions: 0 });
    expect(await attemptsOf(exam.id, both.id)).toEqual({ instances: 0, submissions: 0 });
  });

  it('a make-up examinee still gets the make-up paper', async () => {
    const exam = await warmExam({ has_make_up_user: true }, [singleChoice(1, 'Make-up only')]);
    const student = w.students[5]!;
    await t.db.insert(examMakeupUsers).values({ activityId: exam.id, userId: student.user.id });
    const res = await distribute(student.session, exam.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().is_makeup_exam).toBe(true);
    expect((res.json().subjects as { description: string }[]).map((s) => s.description)).toEqual([
      '<p>Make-up only</p>',
    ]);
  });
});

/**
 * A student who has started the exam in this process: their next save or hand-in is one statement
 * (taking-exam-access.ts `saveDraftIfTaking`, `handInIfTaking`). Each refusal below is made by a change the
 * process does not know of, so it is that statement, not the service's own facts, that must refuse.
 */
async function startedStudent() {
  const exam = await warmExam({ submit_times: 2 });
  const user = await createUser(t, w.org.id);
  await addMember(t, w.course.id, user.id, ['student']);
  const session = await loginAs(t, user);
  const paper = await distribute(session, exam.id);
  expect(paper.statusCode).toBe(200);
  const instanceId = paper.json().exam_paper_instance_id as number;
  const first = (paper.json().subjects as { id: number; options: { id: number }[] }[])[0]!;
  const send = (finished: boolean, as_: typeof session, instance: number) =>
    as(as_, {
      method: 'POST',
      url: `/api/exams/${exam.id}/submissions`,
      payload: {
        exam_paper_instance_id: instance,
        exam_finished: finished,
        subjects: [{ subject_id: first.id, answer_option_ids: [first.options[0]!.id] }],
      },
    });
  const save = (as_: typeof session = session, instance = instanceId) => send(false, as_, instance);
  const handIn = (as_: typeof session = session, instance = instanceId) => send(true, as_, instance);
  const draftOf = async () => {
    const [row] = await t.db
      .select({ draft: examSubmissions.draftData })
      .from(examSubmissions)
      .where(eq(examSubmissions.instanceId, instanceId));
    return row?.draft ?? null;
  };
  const submissionOf = async () => {
    const [row] = await t.db
      .select({ status: examSubmissions.status, score: examSubmissions.score })
      .from(examSubmissions)
      .where(eq(examSubmissions.instanceId, instanceId));
    return row;
  };
  return { exam, user, session, instanceId, first, save, handIn, draftOf, submissionOf };
}

describe('a one-statement draft save keeps every rule', () => {
  it('saves the caller’s draft', async () => {
    const s = await startedStudent();
    const res = await s.save();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ exam_paper_instance_id: s.instanceId, status: 'draft' });
    expect(await s.draftOf()).toHaveLength(1);
  });
});

type Started = Awaited<ReturnType<typeof startedStudent>>;

describe.each([
  {
    write: 'draft save',
    send: (s: Started, ...as_: Parameters<Started['save']>) => s.save(...as_),
    // Nothing saved: the attempt's draft is still the empty one of its start.
    unchanged: async (s: Started) => expect(await s.draftOf()).toBeNull(),
  },
  {
    write: 'hand-in',
    send: (s: Started, ...as_: Parameters<Started['handIn']>) => s.handIn(...as_),
    unchanged: async (s: Started) => expect((await s.submissionOf())?.status).toBe('draft'),
  },
])('a one-statement $write refuses what the rows refuse', ({ send, unchanged }) => {
  it('once the exam is unpublished, closed or not yet open, and writes nothing', async () => {
    for (const change of [
      { published: false },
      { endTime: new Date(Date.now() - 60_000) },
      { startTime: new Date(Date.now() + 3_600_000) },
    ]) {
      const s = await startedStudent();
      await t.db.update(activities).set(change).where(eq(activities.id, s.exam.id));
      const res = await send(s);
      expect(res.statusCode, JSON.stringify(change)).toBeGreaterThanOrEqual(400);
      await unchanged(s);
    }
  });

  it('a student no longer in the course, or now assisting it, and another student’s paper', async () => {
    const removed = await startedStudent();
    await t.db
      .delete(courseMembers)
      .where(and(eq(courseMembers.courseId, w.course.id), eq(courseMembers.userId, removed.user.id)));
    expect((await send(removed)).statusCode).toBe(403);
    await unchanged(removed);

    const promoted = await startedStudent();
    await t.db
      .update(courseMembers)
      .set({ roles: ['student', 'instructor_assistant'] })
      .where(and(eq(courseMembers.courseId, w.course.id), eq(courseMembers.userId, promoted.user.id)));
    expect((await send(promoted)).statusCode).toBe(403);
    await unchanged(promoted);

    const owner = await startedStudent();
    const other = await startedStudent();
    expect((await send(other, other.session, owner.instanceId)).statusCode).toBe(400);
    await unchanged(owner);
  });
});

describe('a one-statement hand-in keeps every rule', () => {
  it('hands in and grades the caller’s answers', async () => {
    const s = await startedStudent();
    const res = await s.handIn();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ exam_paper_instance_id: s.instanceId, status: 'submitted' });
    // The first option of each single choice is the right one (exams-factories.ts `choices`).
    expect(await s.submissionOf()).toEqual({ status: 'submitted', score: 1 });
    // A resend answers with the stored hand-in; nothing is written twice.
    const again = await s.handIn();
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ id: res.json().id, status: 'submitted' });
  });

  it('grades against the paper as it is now when it changed after the start', async () => {
    const s = await startedStudent();
    // The key of the answered question flips to its other option, and the paper's version moves on, as
    // every paper edit makes it (paper-version.ts): the answer given is now wrong.
    const options = await t.db
      .select({ id: subjectOptions.id, isAnswer: subjectOptions.isAnswer })
      .from(subjectOptions)
      .where(eq(subjectOptions.subjectId, s.first.id));
    for (const option of options) {
      await t.db
        .update(subjectOptions)
        .set({ isAnswer: !option.isAnswer })
        .where(eq(subjectOptions.id, option.id));
    }
    await t.db
      .update(activities)
      .set({ updatedAt: new Date(Date.now() + 1_000) })
      .where(eq(activities.id, s.exam.id));
    const res = await s.handIn();
    expect(res.statusCode, res.body).toBe(200);
    expect(await s.submissionOf()).toEqual({ status: 'submitted', score: 0 });
  });

  it('refuses when no attempt is left, counting hand-ins made meanwhile', async () => {
    const s = await startedStudent();
    // Both allowed attempts (submit_times 2) used up behind the process's back, as another process's
    // hand-ins would: the statement counts the rows, not what this process saw.
    for (const attempt of [90, 91]) {
      const [instance] = await t.db
        .insert(examPaperInstances)
        .values({ activityId: s.exam.id, userId: s.user.id, isMakeup: false, attempt, layout: [] })
        .returning({ id: examPaperInstances.id });
      await t.db.insert(examSubmissions).values({
        activityId: s.exam.id,
        instanceId: instance!.id,
        examineeId: s.user.id,
        isMakeup: false,
        status: 'submitted',
        submittedAt: new Date(),
      });
    }
    expect((await s.handIn()).statusCode).toBe(403);
    expect((await s.submissionOf())?.status).toBe('draft');
  });
});
