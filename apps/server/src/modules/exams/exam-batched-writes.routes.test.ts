import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { activities } from '../../db/schema/activities.ts';
import { courseMembers, courses } from '../../db/schema/courses.ts';
import { examFinalAnswers, examPaperInstances, examSubmissions } from '../../db/schema/exam-submissions.ts';
import { sessions } from '../../db/schema/identity.ts';
import { caller, createExamWorld, createOpenExam, type ExamWorld } from '../../test/exam-taking-factories.ts';
import { singleChoice } from '../../test/exams-factories.ts';
import { addMember, createUser, loginAs, type Session } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { examTakerRoles } from './exam-taking.policy.ts';
import {
  handInsIfTaking,
  saveDraftsIfTaking,
  startsOrCreate,
  type DraftItem,
  type HandInItem,
  type StartItem,
} from './taking-exam-access.ts';
import { examMakeupUsers } from '../../db/schema/exams.ts';
import { paperVersionSql } from './paper-version.ts';

// Issue 12's storm: the drafts, hand-ins and session reads of a class that arrive in the same turn of the
// event loop share one statement (platform/statement-batcher.ts). The statements are tested here directly,
// each row held to its own rules, and through HTTP with a class writing at once.

let t: TestApp;
let w: ExamWorld;
let as: ReturnType<typeof caller>;

beforeAll(async () => {
  t = await createTestApp();
  w = await createExamWorld(t, 1);
  as = caller(t);
});
afterAll(async () => t.close());

type Student = {
  userId: number;
  session: Session;
  instanceId: number;
  options: number[];
  subjectId: number;
  /** The short answer question of a class started `withEssay`. */
  essayId?: number;
};

/** An open exam (two attempts each) and `count` new students who have each started it in this process. */
async function startedClass(count: number, withEssay = false) {
  const essay = { type: 'short_answer' as const, description: '<p>Sign it</p>', point: 1, answer: '' };
  const exam = await createOpenExam(
    t,
    w,
    withEssay ? [singleChoice(1, 'Q1'), essay] : [singleChoice(1, 'Q1')],
    {
      data: { submit_times: 2, random_subject_order: false },
    },
  );
  const students: Student[] = [];
  for (let i = 0; i < count; i += 1) {
    const user = await createUser(t, w.org.id);
    await addMember(t, w.course.id, user.id, ['student']);
    const session = await loginAs(t, user);
    const paper = await as(session, { method: 'GET', url: `/api/exams/${exam.id}/distribute` });
    expect(paper.statusCode, paper.body).toBe(200);
    const subjects = paper.json().subjects as { id: number; type: string; options: { id: number }[] }[];
    const subject = subjects.find((q) => q.type === 'single_selection')!;
    const essayId = subjects.find((q) => q.type === 'short_answer')?.id;
    students.push({
      userId: user.id,
      session,
      instanceId: paper.json().exam_paper_instance_id,
      subjectId: subject.id,
      options: subject.options.map((o) => o.id).sort((a, b) => a - b),
      ...(essayId ? { essayId } : {}),
    });
  }
  return { exam, students };
}

const send = (examId: number, s: Student, finished: boolean, option: number, essay?: string) =>
  as(s.session, {
    method: 'POST',
    url: `/api/exams/${examId}/submissions`,
    payload: {
      exam_paper_instance_id: s.instanceId,
      exam_finished: finished,
      subjects: [
        { subject_id: s.subjectId, answer_option_ids: [option] },
        ...(s.essayId && essay ? [{ subject_id: s.essayId, answer: essay }] : []),
      ],
    },
  });

async function rowsOf(students: readonly Student[]) {
  const rows = await t.db
    .select({
      instanceId: examSubmissions.instanceId,
      status: examSubmissions.status,
      draft: examSubmissions.draftData,
      answers: examSubmissions.submissionData,
      score: examSubmissions.score,
    })
    .from(examSubmissions)
    .where(
      inArray(
        examSubmissions.instanceId,
        students.map((s) => s.instanceId),
      ),
    );
  return new Map(rows.map((r) => [r.instanceId, r]));
}

const essayOf = (answers: unknown) =>
  (answers as { answer: string | null }[] | null)?.find((a) => typeof a.answer === 'string')?.answer;
const optionOf = (answers: unknown) =>
  (answers as { answer_option_ids: number[] }[] | null)?.[0]?.answer_option_ids[0];

async function removeFromCourse(userId: number) {
  await t.db
    .delete(courseMembers)
    .where(and(eq(courseMembers.courseId, w.course.id), eq(courseMembers.userId, userId)));
}

describe('a class starting at once', () => {
  it('gives each student one attempt of their own, resumes an open one, and refuses who the rows refuse', async () => {
    const { exam, students: started } = await startedClass(1);
    const users = await Promise.all(Array.from({ length: 6 }, () => createUser(t, w.org.id)));
    for (const user of users) await addMember(t, w.course.id, user.id, ['student']);
    const logins = await Promise.all(users.map((u) => loginAs(t, u)));
    await removeFromCourse(users[1]!.id);
    await t.db
      .update(courseMembers)
      .set({ roles: ['student', 'instructor_assistant'] })
      .where(and(eq(courseMembers.courseId, w.course.id), eq(courseMembers.userId, users[3]!.id)));
    const resumed = started[0]!;
    const answers = await Promise.all(
      [...logins, resumed.session].map((session) =>
        as(session, { method: 'GET', url: `/api/exams/${exam.id}/distribute` }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 403, 200, 403, 200, 200, 200]);
    expect(answers[6]!.json().exam_paper_instance_id).toBe(resumed.instanceId);
    const instances = await t.db
      .select({ id: examPaperInstances.id, userId: examPaperInstances.userId })
      .from(examPaperInstances)
      .where(eq(examPaperInstances.activityId, exam.id));
    const byUser = new Map(instances.map((i) => [i.userId, i.id]));
    expect(instances).toHaveLength(5);
    users.forEach((u, i) => {
      if (i === 1 || i === 3) return expect(byUser.has(u.id), `student ${i}`).toBe(false);
      expect(answers[i]!.json().exam_paper_instance_id, `student ${i}`).toBe(byUser.get(u.id));
      expect(answers[i]!.json().subjects, `student ${i}`).toHaveLength(1);
    });
    const submissions = await t.db
      .select({ examineeId: examSubmissions.examineeId, instanceId: examSubmissions.instanceId })
      .from(examSubmissions)
      .where(eq(examSubmissions.activityId, exam.id));
    expect(new Map(submissions.map((r) => [r.examineeId, r.instanceId]))).toEqual(byUser);
  });
});

describe('a class saving drafts at once', () => {
  it('stores each student’s own draft, and refuses only the students the rows refuse', async () => {
    const { exam, students } = await startedClass(6, true);
    await removeFromCourse(students[2]!.userId);
    await t.db
      .update(courseMembers)
      .set({ roles: ['student', 'instructor_assistant'] })
      .where(and(eq(courseMembers.courseId, w.course.id), eq(courseMembers.userId, students[4]!.userId)));
    // Each student signs their draft, so a draft stored on the wrong row would show.
    const answers = await Promise.all(
      students.map((s, i) => send(exam.id, s, false, s.options[i % 2]!, `<p>Student ${i}</p>`)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 403, 200, 403, 200]);
    const rows = await rowsOf(students);
    students.forEach((s, i) => {
      const row = rows.get(s.instanceId)!;
      if (i === 2 || i === 4) expect(row.draft, `student ${i}`).toBeNull();
      else expect(essayOf(row.draft), `student ${i}`).toBe(`<p>Student ${i}</p>`);
    });
  });

  it('keeps the later of two saves one student sends at once', async () => {
    const { exam, students } = await startedClass(2);
    const [s, other] = students as [Student, Student];
    const answers = await Promise.all([
      send(exam.id, s, false, s.options[0]!),
      send(exam.id, other, false, other.options[0]!),
      send(exam.id, s, false, s.options[1]!),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(optionOf((await rowsOf([s])).get(s.instanceId)!.draft)).toBe(s.options[1]);
  });
});

describe('a class handing in at once', () => {
  it('grades and stores each hand-in with its final answers, and refuses a student with no attempt left', async () => {
    const { exam, students } = await startedClass(5);
    const spent = students[3]!;
    // Both attempts used up behind the process's back, as hand-ins through another process would.
    for (const attempt of [90, 91]) {
      const [instance] = await t.db
        .insert(examPaperInstances)
        .values({ activityId: exam.id, userId: spent.userId, attempt, layout: [] })
        .returning({ id: examPaperInstances.id });
      await t.db.insert(examSubmissions).values({
        activityId: exam.id,
        instanceId: instance!.id,
        examineeId: spent.userId,
        status: 'submitted',
        submittedAt: new Date(),
      });
    }
    // Even students answer the right option (the first, exams-factories.ts `choices`), odd ones the other.
    const chosen = (s: Student, i: number) => s.options[i % 2]!;
    const answers = await Promise.all(students.map((s, i) => send(exam.id, s, true, chosen(s, i))));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 403, 200]);
    const rows = await rowsOf(students);
    students.forEach((s, i) => {
      const row = rows.get(s.instanceId)!;
      if (i === 3) return expect(row.status).toBe('draft');
      expect(row.status, `student ${i}`).toBe('submitted');
      expect(optionOf(row.answers), `student ${i}`).toBe(chosen(s, i));
      expect(row.score, `student ${i}`).toBe(i % 2 === 0 ? 1 : 0);
    });
    const finals = await t.db
      .select({ examineeId: examFinalAnswers.examineeId, optionIds: examFinalAnswers.optionIds })
      .from(examFinalAnswers)
      .where(eq(examFinalAnswers.activityId, exam.id));
    const finalOf = new Map(finals.map((f) => [f.examineeId, f.optionIds[0]]));
    students.forEach((s, i) => {
      // The spent student's final answers are those of the later of the earlier, empty hand-ins.
      expect(finalOf.get(s.userId), `student ${i}`).toBe(i === 3 ? undefined : chosen(s, i));
    });
  });
});

/** The facts a process would propose for this exam, as quickFacts gathers them. */
async function factsOf(examId: number, now: Date) {
  const [row] = await t.db
    .select({
      activity: activities,
      orgId: courses.orgId,
      courseType: courses.courseType,
      version: paperVersionSql,
    })
    .from(activities)
    .innerJoin(courses, eq(courses.id, activities.courseId))
    .where(eq(activities.id, examId));
  return {
    data: row!.activity.data,
    takerRoles: examTakerRoles(row!.courseType),
    orgId: row!.orgId,
    courseType: row!.courseType,
    now,
    paperVersion: row!.version,
  };
}

describe('the batch statements hold each row to its own rules', () => {
  it('drafts: another student’s paper, a clock outside the window and a removed member write nothing', async () => {
    const { exam, students } = await startedClass(4);
    const [a, b, c, d] = students as [Student, Student, Student, Student];
    await removeFromCourse(d.userId);
    const now = new Date();
    const facts = await factsOf(exam.id, now);
    const item = (
      s: Student,
      overrides: Partial<DraftItem['proposal']> = {},
      userId = s.userId,
    ): DraftItem => ({
      userId,
      id: exam.id,
      proposal: {
        ...facts,
        instanceId: s.instanceId,
        draft: JSON.stringify([{ by: s.userId }]),
        ...overrides,
      },
    });
    const written = await saveDraftsIfTaking(t.db, [
      item(a),
      item(b, {}, c.userId),
      item(c, { now: new Date(now.getTime() + 2 * 3600_000) }),
      item(d),
    ]);
    expect(written.map((row) => row !== undefined)).toEqual([true, false, false, false]);
    const rows = await rowsOf(students);
    expect(rows.get(a.instanceId)!.draft).toEqual([{ by: a.userId }]);
    for (const s of [b, c, d]) expect(rows.get(s.instanceId)!.draft).toBeNull();
  });

  it('hand-ins: the paper version moved on, or the exam unpublished, writes nothing', async () => {
    const { exam, students } = await startedClass(2);
    const [a, b] = students as [Student, Student];
    const facts = await factsOf(exam.id, new Date());
    const item = (s: Student, paperVersion = facts.paperVersion): HandInItem => ({
      userId: s.userId,
      id: exam.id,
      proposal: {
        ...facts,
        paperVersion,
        submitTimes: 2,
        instanceId: s.instanceId,
        // The second is left for marking: no total yet, as a paper with a short answer is handed in.
        values:
          s === a
            ? { answers: [], scores: [], score: 1, autoScore: 1, marked: true }
            : { answers: [], scores: [], score: null, autoScore: 0, marked: false },
      },
    });
    expect((await handInsIfTaking(t.db, [item(a, 'stale'), item(b, 'stale')])).every((r) => !r)).toBe(true);
    const written = await handInsIfTaking(t.db, [item(a), item(b)]);
    expect(written.map((row) => row && [row.status, row.score, row.markStatus])).toEqual([
      ['submitted', 1, 'marked'],
      ['submitted', null, 'unmarked'],
    ]);

    const next = await startedClass(2);
    await t.db.update(activities).set({ published: false }).where(eq(activities.id, next.exam.id));
    const nextFacts = await factsOf(next.exam.id, new Date());
    const refused = await handInsIfTaking(
      t.db,
      next.students.map((s) => ({
        userId: s.userId,
        id: next.exam.id,
        proposal: {
          ...nextFacts,
          submitTimes: 2,
          instanceId: s.instanceId,
          values: { answers: [], scores: [], score: 0, autoScore: 0, marked: true },
        },
      })),
    );
    expect(refused).toEqual([undefined, undefined]);
    const rows = await rowsOf(next.students);
    for (const s of next.students) expect(rows.get(s.instanceId)!.status).toBe('draft');
  });
});

describe('the batch start holds each student to their own rules', () => {
  it('a clock outside the window, a make-up examinee and an open attempt start nothing', async () => {
    const exam = await createOpenExam(t, w, [singleChoice(1, 'Q1')], {
      data: { submit_times: 2, has_make_up_user: true },
      makeupInputs: [singleChoice(1, 'Make-up')],
    });
    const users = await Promise.all(Array.from({ length: 4 }, () => createUser(t, w.org.id)));
    for (const user of users) await addMember(t, w.course.id, user.id, ['student']);
    await t.db.insert(examMakeupUsers).values({ activityId: exam.id, userId: users[2]!.id });
    const [open] = await t.db
      .insert(examPaperInstances)
      .values({ activityId: exam.id, userId: users[3]!.id, attempt: 1, layout: [] })
      .returning({ id: examPaperInstances.id });
    await t.db
      .insert(examSubmissions)
      .values({ activityId: exam.id, instanceId: open!.id, examineeId: users[3]!.id });
    const now = new Date();
    const facts = await factsOf(exam.id, now);
    const item = (userId: number, at = now): StartItem => ({
      userId,
      id: exam.id,
      proposal: { ...facts, now: at, layout: [], submitTimes: 2, hasMakeupUsers: true },
    });
    const rows = await startsOrCreate(t.db, [
      item(users[0]!.id),
      item(users[1]!.id, new Date(now.getTime() + 2 * 3600_000)),
      item(users[2]!.id),
      item(users[3]!.id),
    ]);
    expect(rows.map((row) => row?.started?.attempt ?? null)).toEqual([1, null, null, null]);
    expect(rows.map((row) => row?.makeupUser)).toEqual([false, false, true, false]);
    expect(rows[3]!.open?.id).toBe(open!.id);
    const instances = await t.db
      .select({ userId: examPaperInstances.userId })
      .from(examPaperInstances)
      .where(eq(examPaperInstances.activityId, exam.id));
    expect(instances.map((i) => i.userId).sort()).toEqual([users[0]!.id, users[3]!.id].sort());
  });
});

describe('sessions read together', () => {
  it('each request is its own user’s, and an expired session among them is refused', async () => {
    const users = await Promise.all(Array.from({ length: 6 }, () => createUser(t, w.org.id)));
    const logins = await Promise.all(users.map((u) => loginAs(t, u)));
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(sessions.userId, users[1]!.id));
    const answers = await Promise.all(
      logins.map((s) => t.app.inject({ url: '/api/user', headers: s.headers })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 401, 200, 200, 200, 200]);
    answers.forEach((a, i) => {
      if (i !== 1) expect(a.json().id).toBe(users[i]!.id);
    });
  });
});
