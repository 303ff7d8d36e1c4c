import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  masteryRate,
  type KnowledgeNodeActivityDetail,
  type KnowledgeNodeOverview,
  type KnowledgeNodeResourceDetail,
  type KnowledgeReferTypeStats,
  type KnowledgeStudentActivityStats,
  type KnowledgeStudentResourceStats,
  type KnowledgeStudentsDimension,
  type KnowledgeNodeStudentDetail,
  type KnowledgeStatSummary,
  type KnowledgeStudentNodes,
  type KnowledgeStudentOverall,
} from '@lectern/contracts/knowledge-graph/knowledge-statistics.contract';
import { activityReads } from '../../db/schema/activities.ts';
import { classroomAnswers } from '../../db/schema/exam-submissions.ts';
import { subjectKnowledgeNodes } from '../../db/schema/exams.ts';
import {
  knowledgeGraphStates,
  knowledgeNodeReferences,
  knowledgeNodes,
  knowledgeVisits,
} from '../../db/schema/knowledge-graph.ts';
import {
  knowledgeCourseStudents,
  knowledgeNodeClassStats,
  knowledgeNodeStudents,
} from '../../db/schema/knowledge-mastery.ts';
import {
  caller,
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
  createModule,
  createOrg,
  createUpload,
  createUser,
  loginAs,
} from '../../test/factories.ts';
import { createHomework } from '../../test/homework-factories.ts';
import { runJobsUntilIdle } from '../../test/jobs.ts';
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

const DAY = 86_400_000;
const student = (i: number) => w.students[i]!;
let nodeSeq = 0;

async function node(name: string, courseId = w.course.id): Promise<number> {
  nodeSeq += 1;
  const [row] = await t.db
    .insert(knowledgeNodes)
    .values({ courseId, name, nodeKey: `k${nodeSeq}`, sort: nodeSeq, createdBy: w.teacher.id })
    .returning({ id: knowledgeNodes.id });
  return row!.id;
}

const choice = (nodeIds: number[], point = 1) => ({
  type: 'single_selection' as const,
  description: '<p>Pick</p>',
  point,
  options: [
    { content: 'right', is_answer: true },
    { content: 'wrong', is_answer: false },
  ],
  knowledge_node_ids: nodeIds,
});

async function studentRow(nodeId: number, studentId: number) {
  const [row] = await t.db
    .select()
    .from(knowledgeNodeStudents)
    .where(
      and(eq(knowledgeNodeStudents.knowledgeNodeId, nodeId), eq(knowledgeNodeStudents.studentId, studentId)),
    );
  return row;
}
async function classRow(nodeId: number) {
  const [row] = await t.db
    .select()
    .from(knowledgeNodeClassStats)
    .where(eq(knowledgeNodeClassStats.knowledgeNodeId, nodeId));
  return row;
}

const get = async <T>(session: { headers: Record<string, string> }, url: string) => {
  const res = await t.app.inject({ method: 'GET', url, headers: session.headers });
  return { status: res.statusCode, body: res.json<T>() };
};

describe('mastery arithmetic', () => {
  it('weighs an answer 30 days newer twice as much, whatever "now" is', () => {
    const t0 = new Date('2026-01-01T00:00:00Z');
    const t1 = new Date(t0.getTime() + 30 * DAY);
    // 0 of 1 at t0 (weight 1), 1 of 1 at t1 (weight 2): (0·1 + 1·2) / (1·1 + 1·2) = 2/3.
    expect(
      masteryRate([
        { score: 0, max: 1, answeredAt: t0 },
        { score: 1, max: 1, answeredAt: t1 },
      ]),
    ).toBeCloseTo(2 / 3, 12);
    // Same distance a year later: the same rate.
    const later = (d: Date) => new Date(d.getTime() + 365 * DAY);
    expect(
      masteryRate([
        { score: 0, max: 1, answeredAt: later(t0) },
        { score: 1, max: 1, answeredAt: later(t1) },
      ]),
    ).toBeCloseTo(2 / 3, 12);
    expect(masteryRate([])).toBeNull();
  });

  it('keeps the same weighted rate in the database, moves it when a score changes and drops it with the answer', async () => {
    const nodeId = await node('Weighted');
    const exam = await createOpenExam(t, w, [choice([nodeId]), choice([nodeId], 2)], {
      type: 'classroom_exam',
    });
    const [q1, q2] = await paperSubjects(t, exam.id);
    const t0 = new Date('2026-03-01T00:00:00Z');
    const t1 = new Date(t0.getTime() + 30 * DAY);
    const who = student(0).user.id;
    // Q1 (1 point) wrong at t0, Q2 (2 points) right at t1: (0·1 + 2·2) / (1·1 + 2·2) = 4/5.
    await t.db.insert(classroomAnswers).values([
      { activityId: exam.id, subjectId: q1!.id, userId: who, score: 0, isCorrect: false, submittedAt: t0 },
      { activityId: exam.id, subjectId: q2!.id, userId: who, score: 2, isCorrect: true, submittedAt: t1 },
    ]);
    const expected = masteryRate([
      { score: 0, max: 1, answeredAt: t0 },
      { score: 2, max: 2, answeredAt: t1 },
    ]);
    expect(expected).toBeCloseTo(0.8, 12);
    expect((await studentRow(nodeId, who))?.masteryRate).toBeCloseTo(0.8, 9);
    expect(await classRow(nodeId)).toMatchObject({
      studentCount: 1,
      masteredCount: 1,
      weakCount: 0,
      answeredCount: 2,
    });

    // Regrading the newer answer to 0: rate 0, the class row moves from mastered to weak.
    await t.db
      .update(classroomAnswers)
      .set({ score: 0 })
      .where(and(eq(classroomAnswers.subjectId, q2!.id), eq(classroomAnswers.userId, who)));
    expect((await studentRow(nodeId, who))?.masteryRate).toBe(0);
    expect(await classRow(nodeId)).toMatchObject({ studentCount: 1, masteredCount: 0, weakCount: 1 });

    await t.db.delete(classroomAnswers).where(eq(classroomAnswers.activityId, exam.id));
    expect(await studentRow(nodeId, who)).toBeUndefined();
    expect(await classRow(nodeId)).toMatchObject({
      studentCount: 0,
      masteryRateSum: 0,
      weakCount: 0,
      answeredCount: 0,
    });
    const [course] = await t.db
      .select()
      .from(knowledgeCourseStudents)
      .where(
        and(eq(knowledgeCourseStudents.courseId, w.course.id), eq(knowledgeCourseStudents.studentId, who)),
      );
    expect(course).toMatchObject({ nodeCount: 0, weakCount: 0, masteredCount: 0 });
  });
});

describe('incremental updates as answers are graded', () => {
  it('moves a student’s and the class’s mastery when an exam is handed in, and the statistics show it', async () => {
    const nodeId = await node('Exam node');
    const exam = await createOpenExam(t, w, [choice([nodeId]), choice([nodeId])]);
    const [q1, q2] = await paperSubjects(t, exam.id);
    const right = (q: typeof q1) => q!.options.find((o) => o.is_answer)!.id;
    const wrong = (q: typeof q1) => q!.options.find((o) => !o.is_answer)!.id;
    await takeExam(t, exam.id, student(0).session, [
      { subject_id: q1!.id, answer_option_ids: [right(q1)] },
      { subject_id: q2!.id, answer_option_ids: [wrong(q2)] },
    ]);
    expect((await studentRow(nodeId, student(0).user.id))?.masteryRate).toBeCloseTo(0.5, 9);
    await takeExam(t, exam.id, student(1).session);
    expect((await studentRow(nodeId, student(1).user.id))?.masteryRate).toBeCloseTo(1, 9);

    const summary = await get<KnowledgeStatSummary>(
      w.teacherSession,
      `/api/course/${w.course.id}/knowledge-nodes/statistics/summary`,
    );
    expect(summary.status).toBe(200);
    const row = summary.body.nodes.find((n) => n.id === nodeId);
    expect(row).toMatchObject({
      answered_student_count: 2,
      mastered_student_count: 1,
      weak_student_count: 1,
    });
    expect(row?.mastery_rate).toBeCloseTo(0.75, 9);
    expect(row?.question_count).toBe(2);

    const overview = await get<KnowledgeNodeOverview>(
      w.teacherSession,
      `/api/knowledge-nodes/${nodeId}/statistics/overview`,
    );
    expect(overview.status).toBe(200);
    expect(overview.body.distribution).toEqual({ weak: 1, fair: 0, mastered: 1, unanswered: 1 });
    expect(overview.body.student_count).toBe(3);

    const detail = await get<KnowledgeNodeStudentDetail>(
      w.teacherSession,
      `/api/knowledge-nodes/${nodeId}/statistics/student-detail?page=1&page_size=2&conditions=${encodeURIComponent('{"level":"weak"}')}`,
    );
    expect(detail.status).toBe(200);
    expect(detail.body.total).toBe(1);
    expect(detail.body.items.map((i) => i.id)).toEqual([student(0).user.id]);
  });

  it('counts a marked homework linked to a node, and moves with the marker’s score', async () => {
    const nodeId = await node('Homework node');
    const hw = await createHomework(t, w);
    await t.db.insert(knowledgeNodeReferences).values({
      courseId: w.course.id,
      knowledgeNodeId: nodeId,
      referType: 'activity',
      referId: hw.id,
    });
    const handIn = await as(student(2).session, {
      method: 'POST',
      url: `/api/course/activities/${hw.id}/submissions`,
      payload: { comment: '<p>work</p>' },
    });
    expect(handIn.statusCode).toBe(201);
    const submissionId = handIn.json().submission.id as number;
    expect(await studentRow(nodeId, student(2).user.id)).toBeUndefined();
    const score = async (value: number) =>
      as(w.teacherSession, {
        method: 'PUT',
        url: `/api/course/activities/${hw.id}/submission/score`,
        payload: { id: submissionId, score: value },
      });
    expect((await score(80)).statusCode).toBe(200);
    expect((await studentRow(nodeId, student(2).user.id))?.masteryRate).toBeCloseTo(0.8, 9);
    expect((await score(40)).statusCode).toBe(200);
    expect((await studentRow(nodeId, student(2).user.id))?.masteryRate).toBeCloseTo(0.4, 9);
    expect(await classRow(nodeId)).toMatchObject({ studentCount: 1, weakCount: 1, masteredCount: 0 });
  });
});

describe('concurrent grading', () => {
  it('moves the class figures by each of 30 answers graded at once, exactly', async () => {
    // A course of its own: the crowd must not change the other tests' class size.
    const course = await createCourse(t, w.org.id, w.teacher.id);
    const module = await createModule(t, course.id);
    const nodeId = await node('Crowd', course.id);
    const exam = await createOpenExam(t, { ...w, course, module }, [choice([nodeId])], {
      type: 'classroom_exam',
    });
    const [q] = await paperSubjects(t, exam.id);
    const crowd = [];
    for (let i = 0; i < 30; i += 1) {
      const user = await createUser(t, w.org.id, { name: `Crowd ${i}`, userNo: `C${i}-${exam.id}` });
      await addMember(t, course.id, user.id, ['student']);
      crowd.push(user.id);
    }
    // Every third answer wrong: 10 weak (rate 0) and 20 mastered (rate 1).
    await Promise.all(
      crowd.map((userId, i) =>
        t.db.insert(classroomAnswers).values({
          activityId: exam.id,
          subjectId: q!.id,
          userId,
          score: i % 3 === 0 ? 0 : 1,
          isCorrect: i % 3 !== 0,
        }),
      ),
    );
    expect(await classRow(nodeId)).toMatchObject({
      studentCount: 30,
      masteryRateSum: 20,
      weakCount: 10,
      masteredCount: 20,
      answeredCount: 30,
    });
  });
});

describe('students who leave the course', () => {
  it('leave the class figures when removed or no longer a student, keep their own rows, and count again when back', async () => {
    const course = await createCourse(t, w.org.id, w.teacher.id);
    const module = await createModule(t, course.id);
    const nodeId = await node('Leavers', course.id);
    const exam = await createOpenExam(t, { ...w, course, module }, [choice([nodeId])], {
      type: 'classroom_exam',
    });
    const [q] = await paperSubjects(t, exam.id);
    const stayer = await createUser(t, w.org.id, { name: 'Stayer', userNo: `S-${exam.id}` });
    const leaver = await createUser(t, w.org.id, { name: 'Leaver', userNo: `L-${exam.id}` });
    await addMember(t, course.id, stayer.id, ['student']);
    await addMember(t, course.id, leaver.id, ['student']);
    // The stayer masters the node, the leaver fails it: a class mean of 0.5 and one weak student.
    await t.db.insert(classroomAnswers).values([
      { activityId: exam.id, subjectId: q!.id, userId: stayer.id, score: 1, isCorrect: true },
      { activityId: exam.id, subjectId: q!.id, userId: leaver.id, score: 0, isCorrect: false },
    ]);
    const summaryUrl = `/api/course/${course.id}/knowledge-nodes/statistics/summary`;
    const overviewUrl = `/api/knowledge-nodes/${nodeId}/statistics/overview`;
    const before = await get<KnowledgeStatSummary>(w.teacherSession, summaryUrl);
    expect(before.status).toBe(200);
    expect(before.body.nodes.find((n) => n.id === nodeId)).toMatchObject({
      answered_student_count: 2,
      weak_student_count: 1,
      mastered_student_count: 1,
      mastery_rate: 0.5,
    });
    // A class mean of 0.5 is below the weak rate: a typical weak node.
    expect(before.body.weak_nodes.map((n) => n.id)).toContain(nodeId);

    const removed = await as(w.teacherSession, {
      method: 'DELETE',
      url: `/api/courses/${course.id}/members/${leaver.id}`,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await classRow(nodeId)).toMatchObject({
      studentCount: 1,
      masteryRateSum: 1,
      weakCount: 0,
      masteredCount: 1,
      answeredCount: 1,
    });
    const after = await get<KnowledgeStatSummary>(w.teacherSession, summaryUrl);
    expect(after.body.student_count).toBe(1);
    expect(after.body.nodes.find((n) => n.id === nodeId)).toMatchObject({
      answered_student_count: 1,
      weak_student_count: 0,
      mastered_student_count: 1,
      mastery_rate: 1,
    });
    expect(after.body.weak_nodes.map((n) => n.id)).not.toContain(nodeId);
    const overview = await get<KnowledgeNodeOverview>(w.teacherSession, overviewUrl);
    expect(overview.body).toMatchObject({
      answered_student_count: 1,
      mastery_rate: 1,
      student_count: 1,
      distribution: { weak: 0, fair: 0, mastered: 1, unanswered: 0 },
    });
    // Their own mastery stays where it was.
    expect((await studentRow(nodeId, leaver.id))?.masteryRate).toBe(0);

    // An answer regraded while they are away moves only their own row.
    await t.db
      .update(classroomAnswers)
      .set({ score: 1 })
      .where(and(eq(classroomAnswers.subjectId, q!.id), eq(classroomAnswers.userId, leaver.id)));
    expect((await studentRow(nodeId, leaver.id))?.masteryRate).toBe(1);
    expect(await classRow(nodeId)).toMatchObject({ studentCount: 1, masteredCount: 1, answeredCount: 1 });

    // Back in the course: counted again, with the mastery they have now.
    await addMember(t, course.id, leaver.id, ['student']);
    expect(await classRow(nodeId)).toMatchObject({
      studentCount: 2,
      masteryRateSum: 2,
      weakCount: 0,
      masteredCount: 2,
      answeredCount: 2,
    });

    // Made a teaching assistant: no longer a student, so out of the class figures too.
    const promoted = await as(w.teacherSession, {
      method: 'PUT',
      url: `/api/courses/${course.id}/members/${stayer.id}`,
      payload: { roles: ['instructor_assistant'] },
    });
    expect(promoted.statusCode, promoted.body).toBe(200);
    expect(await classRow(nodeId)).toMatchObject({ studentCount: 1, masteredCount: 1, answeredCount: 1 });
    const overall = await get<{ class_mastery_rate: number | null }>(
      w.teacherSession,
      `/api/courses/${course.id}/students/${leaver.id}/knowledge-nodes/overall-stats`,
    );
    expect(overall.status).toBe(200);
    expect(overall.body.class_mastery_rate).toBe(1);
  });
});

describe('links changed after answers were graded', () => {
  it('counts the answers again once a question is linked, and drops them when the node is deleted', async () => {
    const exam = await createOpenExam(t, w, [choice([])], { type: 'classroom_exam' });
    const [q] = await paperSubjects(t, exam.id);
    const who = student(1).user.id;
    await t.db
      .insert(classroomAnswers)
      .values({ activityId: exam.id, subjectId: q!.id, userId: who, score: 1, isCorrect: true });
    const nodeId = await node('Linked later');
    await t.db.insert(subjectKnowledgeNodes).values({ subjectId: q!.id, knowledgeNodeId: nodeId });
    // Counted by the queued job, after the link committed.
    expect(await studentRow(nodeId, who)).toBeUndefined();
    expect(await runJobsUntilIdle(t)).toBeGreaterThan(0);
    expect((await studentRow(nodeId, who))?.masteryRate).toBe(1);
    expect(await classRow(nodeId)).toMatchObject({ studentCount: 1, masteredCount: 1 });

    await t.db.update(knowledgeNodes).set({ deletedAt: new Date() }).where(eq(knowledgeNodes.id, nodeId));
    await runJobsUntilIdle(t);
    expect(await studentRow(nodeId, who)).toBeUndefined();
    expect(await classRow(nodeId)).toMatchObject({ studentCount: 0, masteredCount: 0, masteryRateSum: 0 });
  });
});

describe('completeness', () => {
  it('is the share of the node’s activities the student completed, by the activity list’s rules', async () => {
    const nodeId = await node('Reading node');
    const reading = await createActivity(t, {
      courseId: w.course.id,
      moduleId: w.module.id,
      createdBy: w.teacher.id,
      type: 'material',
      title: 'Read me',
      completionCriterionKey: 'view',
    });
    const other = await createActivity(t, {
      courseId: w.course.id,
      moduleId: w.module.id,
      createdBy: w.teacher.id,
      type: 'material',
      title: 'Read me too',
      completionCriterionKey: 'view',
    });
    await t.db.insert(knowledgeNodeReferences).values([
      { courseId: w.course.id, knowledgeNodeId: nodeId, referType: 'activity', referId: reading.id },
      { courseId: w.course.id, knowledgeNodeId: nodeId, referType: 'activity', referId: other.id },
    ]);
    await t.db.insert(activityReads).values({ activityId: reading.id, userId: student(0).user.id });
    const nodes = await get<KnowledgeStudentNodes>(
      w.teacherSession,
      `/api/course/${w.course.id}/knowledge-nodes/student/${student(0).user.id}/stats`,
    );
    expect(nodes.status).toBe(200);
    expect(nodes.body.items.find((n) => n.id === nodeId)).toMatchObject({
      activity_count: 2,
      completed_activity_count: 1,
      completeness_rate: 0.5,
      level: 'unanswered',
    });
    const summary = await get<KnowledgeStatSummary>(
      w.teacherSession,
      `/api/course/${w.course.id}/knowledge-nodes/statistics/summary`,
    );
    // One of three students read one of two activities: (1/3 + 0/3) / 2.
    expect(summary.body.nodes.find((n) => n.id === nodeId)?.completeness_rate).toBeCloseTo(1 / 6, 9);
  });
});

describe('resources, activities, students and reference kinds', () => {
  it('lists a node’s files with visits, its activities with completion and scores, and the students dimension', async () => {
    const nodeId = await node('Detail node');
    const file = await createUpload(t, w.org.id, w.teacher.id, {
      name: 'notes.pdf',
      bytes: Buffer.from('pdf'),
    });
    const exam = await createOpenExam(t, w, [choice([nodeId], 2)], { type: 'classroom_exam' });
    const [q] = await paperSubjects(t, exam.id);
    await t.db.insert(knowledgeNodeReferences).values([
      { courseId: w.course.id, knowledgeNodeId: nodeId, referType: 'upload', referId: file.id },
      { courseId: w.course.id, knowledgeNodeId: nodeId, referType: 'activity', referId: exam.id },
    ]);
    await t.db.insert(knowledgeVisits).values([
      {
        courseId: w.course.id,
        knowledgeNodeId: nodeId,
        userId: student(0).user.id,
        targetType: 'upload',
        targetId: file.id,
      },
      {
        courseId: w.course.id,
        knowledgeNodeId: nodeId,
        userId: student(0).user.id,
        targetType: 'upload',
        targetId: file.id,
      },
      {
        courseId: w.course.id,
        knowledgeNodeId: nodeId,
        userId: student(1).user.id,
        targetType: 'upload',
        targetId: file.id,
      },
    ]);
    await t.db.insert(classroomAnswers).values([
      { activityId: exam.id, subjectId: q!.id, userId: student(0).user.id, score: 2, isCorrect: true },
      { activityId: exam.id, subjectId: q!.id, userId: student(1).user.id, score: 0, isCorrect: false },
    ]);

    const resources = await get<KnowledgeNodeResourceDetail>(
      w.teacherSession,
      `/api/knowledge-nodes/${nodeId}/statistics/resource-detail`,
    );
    expect(resources.status).toBe(200);
    expect(resources.body.items).toEqual([
      { id: file.id, name: 'notes.pdf', visit_count: 3, visitor_count: 2, student_count: 3 },
    ]);
    const activities = await get<KnowledgeNodeActivityDetail>(
      w.teacherSession,
      `/api/knowledge-nodes/${nodeId}/statistics/activity-detail`,
    );
    expect(activities.status).toBe(200);
    expect(activities.body.items).toEqual([
      expect.objectContaining({
        id: exam.id,
        type: 'classroom_exam',
        answered_student_count: 2,
        score_rate: 0.5,
      }),
    ]);

    const own = await get<KnowledgeStudentResourceStats>(
      w.teacherSession,
      `/api/knowledge-nodes/${nodeId}/student/${student(0).user.id}/resource/stat?keyword=NOTES`,
    );
    expect(own.body.items).toEqual([expect.objectContaining({ id: file.id, visit_count: 2 })]);
    const none = await get<KnowledgeStudentResourceStats>(
      w.teacherSession,
      `/api/knowledge-nodes/${nodeId}/student/${student(0).user.id}/resource/stat?keyword=slides`,
    );
    expect(none.body).toMatchObject({ total: 0, items: [] });
    const ownActivities = await get<KnowledgeStudentActivityStats>(
      w.teacherSession,
      `/api/knowledge-nodes/${nodeId}/student/${student(1).user.id}/activity/stat`,
    );
    expect(ownActivities.body.items).toEqual([
      expect.objectContaining({ id: exam.id, answered_count: 1, score: 0, max_score: 2, score_rate: 0 }),
    ]);

    const dimension = await get<KnowledgeStudentsDimension>(
      w.teacherSession,
      `/api/course/${w.course.id}/knowledge-nodes/statistics/students-dimension?page=1&page_size=1`,
    );
    expect(dimension.status).toBe(200);
    expect(dimension.body).toMatchObject({ page: 1, page_size: 1, total: 3, pages: 3 });
    expect(dimension.body.items).toHaveLength(1);

    const kinds = await get<KnowledgeReferTypeStats>(
      w.teacherSession,
      `/api/course/${w.course.id}/knowledge-nodes/statistics/refer-type`,
    );
    expect(kinds.status).toBe(200);
    expect(kinds.body.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ refer_type: 'upload', type: null }),
        expect.objectContaining({ refer_type: 'activity', type: 'classroom_exam' }),
        expect.objectContaining({ refer_type: 'subject', type: null }),
      ]),
    );
  });
});

describe('who may read the statistics', () => {
  it('lets the teaching team read everything and a student only their own figures of a published graph', async () => {
    const nodeId = await node('Permissions');
    const own = student(0);
    const overall = (sid: number) =>
      `/api/courses/${w.course.id}/students/${sid}/knowledge-nodes/overall-stats`;
    const summaryUrl = `/api/course/${w.course.id}/knowledge-nodes/statistics/summary`;

    expect((await get(own.session, summaryUrl)).status).toBe(403);
    expect((await get(own.session, `/api/knowledge-nodes/${nodeId}/statistics/overview`)).status).toBe(403);
    expect((await get(w.simulatingSession, summaryUrl)).status).toBe(403);
    // Not published yet: a student reads nothing of the graph.
    expect((await get(own.session, overall(own.user.id))).status).toBe(403);

    await t.db
      .insert(knowledgeGraphStates)
      .values({ courseId: w.course.id, published: true })
      .onConflictDoUpdate({ target: knowledgeGraphStates.courseId, set: { published: true } });
    const mine = await get<KnowledgeStudentOverall>(own.session, overall(own.user.id));
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({ id: own.user.id });
    expect(
      (await get(own.session, `/api/knowledge-nodes/${nodeId}/student/${own.user.id}/stat`)).status,
    ).toBe(200);
    expect((await get(own.session, overall(student(1).user.id))).status).toBe(403);
    expect(
      (await get(own.session, `/api/knowledge-nodes/${nodeId}/student/${student(1).user.id}/activity/stat`))
        .status,
    ).toBe(403);

    expect((await get(w.teacherSession, overall(student(1).user.id))).status).toBe(200);
    // The teacher is no student of the course: not found, not somebody's figures.
    expect((await get(w.teacherSession, overall(w.teacher.id))).status).toBe(404);

    const otherOrg = await createOrg(t);
    const outsider = await loginAs(t, await createUser(t, otherOrg.id));
    expect([403, 404]).toContain((await get(outsider, summaryUrl)).status);
    expect([403, 404]).toContain((await get(outsider, overall(own.user.id))).status);
    expect((await t.app.inject({ method: 'GET', url: summaryUrl })).statusCode).toBe(401);
  });
});
