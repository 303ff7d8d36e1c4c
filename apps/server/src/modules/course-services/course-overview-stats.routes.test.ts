import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { CourseOverviewStats } from '@lectern/contracts/course-services/course-overview-stats.schemas';
import { activityReads } from '../../db/schema/activities.ts';
import { courses } from '../../db/schema/courses.ts';
import { homeworkSubmissions } from '../../db/schema/homework.ts';
import {
  createExamWorld,
  createOpenExam,
  paperSubjects,
  takeExam,
  type ExamWorld,
} from '../../test/exam-taking-factories.ts';
import { createActivity, createUser, loginAs, type Session } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

// The teaching team's course overview (issue 18, `GET /api/stat/courses/{id}/overview`).
let t: TestApp;
let w: ExamWorld;

const DAY = 86_400_000;
const pick = (content: string, isAnswer: boolean) => ({ content, is_answer: isAnswer });

beforeAll(async () => {
  t = await createTestApp();
  // Four students: two take the exam, one hands in homework, one does nothing.
  w = await createExamWorld(t, 4);
  await t.db
    .update(courses)
    .set({ startDate: new Date(Date.now() - 9 * DAY).toISOString().slice(0, 10), endDate: null })
    .where(eq(courses.id, w.course.id));
  const at = { courseId: w.course.id, moduleId: w.module.id, createdBy: w.teacher.id };
  const reading = await createActivity(t, { ...at, title: 'Reading' });
  await createActivity(t, { ...at, title: 'Draft reading', published: false });
  const homework = await createActivity(t, { ...at, type: 'homework', title: 'Essay' });
  const exam = await createOpenExam(t, w, [
    {
      type: 'single_selection',
      description: '<p>Q</p>',
      point: 1,
      options: [pick('a', true), pick('b', false)],
    },
  ]);
  const [q] = await paperSubjects(t, exam.id);
  const [right, wrong] = q!.options;
  await takeExam(t, exam.id, w.students[0]!.session, [{ subject_id: q!.id, answer_option_ids: [right!.id] }]);
  await takeExam(t, exam.id, w.students[1]!.session, [{ subject_id: q!.id, answer_option_ids: [wrong!.id] }]);
  // Student 1 opened the reading two weeks ago only; student 3 hands in the essay today, not yet marked.
  await t.db.insert(activityReads).values({
    activityId: reading.id,
    userId: w.students[0]!.user.id,
    firstReadAt: new Date(Date.now() - 14 * DAY),
    lastReadAt: new Date(Date.now() - 14 * DAY),
  });
  await t.db.insert(homeworkSubmissions).values([
    {
      activityId: homework.id,
      userId: w.students[2]!.user.id,
      version: 1,
      submittedAt: new Date(Date.now() - 20 * DAY),
      score: 80,
    },
    { activityId: homework.id, userId: w.students[2]!.user.id, version: 2, submittedAt: new Date() },
    // A draft waits for nobody.
    { activityId: homework.id, userId: w.students[3]!.user.id, version: 1, isDraft: true },
  ]);
});
afterAll(async () => t.close());

const overview = (session: Session, id = w.course.id) =>
  t.app.inject({ method: 'GET', url: `/api/stat/courses/${id}/overview`, headers: session.headers });

describe('course statistics overview', () => {
  it("gives the teaching team the course's figures at a glance", async () => {
    const res = await overview(w.teacherSession);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<CourseOverviewStats>();
    expect(body).toMatchObject({
      course_id: w.course.id,
      student_count: 4,
      // Students 1 and 2 took the exam, student 3 handed in today; student 1's reading is too old.
      active_students_last_7_days: 3,
      activity_count: 4,
      published_activity_count: 3,
      submissions_to_mark: 1,
      homework_to_mark: 1,
      exams_to_mark: 0,
      exam_submission_count: 2,
      period: { end_date: null, total_days: null, elapsed_days: 10, hand_ins: 3 },
    });
    expect(body.activities_by_type).toEqual(
      expect.arrayContaining([
        { type: 'material', count: 2, published_count: 1 },
        { type: 'homework', count: 1, published_count: 1 },
        { type: 'exam', count: 1, published_count: 1 },
      ]),
    );
    // Done out of 3 published: student 1 two (read, exam), student 2 one, student 3 one, student 4 none.
    expect(body.average_completion_rate).toBeCloseTo((2 / 3 + 1 / 3 + 1 / 3 + 0) / 4, 3);
    // Scores 1 and 0 of the exam's total points (100 by default, as the gradebook counts them): 0.5 %.
    expect(body.average_exam_score).toBe(0.5);
  });

  it('refuses students and outsiders, and answers 404 for an unknown course', async () => {
    expect((await overview(w.students[0]!.session)).statusCode).toBe(403);
    expect((await overview(w.simulatingSession)).statusCode).toBe(403);
    const outsider = await loginAs(t, await createUser(t, w.org.id));
    expect((await overview(outsider)).statusCode).toBe(403);
    expect((await overview(w.teacherSession, 999_999)).statusCode).toBe(404);
  });
});
