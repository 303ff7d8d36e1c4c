import { examPaperInstances, examRetakeRecords, examSubmissions } from '../db/schema/exam-submissions.ts';
import { homeworkSubmissions, homeworkSubmitters } from '../db/schema/homework.ts';
import type { TestApp } from './test-app.ts';

/**
 * Exam and homework outcomes written straight into their tables, for slices that only read them (to-dos,
 * gradebook). Taking and marking themselves are tested through HTTP in their own slices.
 */

/** A final exam submission (attempt n) with its paper instance; marked with `score` unless told otherwise. */
export async function insertExamFinal(
  t: TestApp,
  values: {
    activityId: number;
    userId: number;
    attempt?: number;
    score?: number | null;
    marked?: boolean;
    groupId?: number | null;
    status?: 'draft' | 'submitted';
    submittedAt?: Date;
  },
) {
  const [instance] = await t.db
    .insert(examPaperInstances)
    .values({
      activityId: values.activityId,
      userId: values.userId,
      attempt: values.attempt ?? 1,
      layout: [],
    })
    .returning();
  if (!instance) throw new Error('no instance');
  const marked = values.marked ?? true;
  const status = values.status ?? 'submitted';
  const [row] = await t.db
    .insert(examSubmissions)
    .values({
      activityId: values.activityId,
      instanceId: instance.id,
      examineeId: values.userId,
      groupId: values.groupId ?? null,
      status,
      submissionData: [],
      score: marked ? (values.score ?? 0) : null,
      markStatus: marked ? 'marked' : 'unmarked',
      submittedAt: status === 'submitted' ? (values.submittedAt ?? new Date()) : null,
    })
    .returning();
  if (!row) throw new Error('no submission');
  return row;
}

export async function insertRetake(t: TestApp, activityId: number, examineeId: number) {
  await t.db.insert(examRetakeRecords).values({ activityId, examineeId });
}

/** A submitter's standing on a homework (a student's own, or a group's). */
export async function insertHomeworkSubmitter(
  t: TestApp,
  values: Partial<typeof homeworkSubmitters.$inferInsert> & { activityId: number },
) {
  const [row] = await t.db.insert(homeworkSubmitters).values(values).returning();
  if (!row) throw new Error('no submitter');
  return row;
}

/** A handed-in homework version, optionally marked. */
export async function insertHomeworkSubmission(
  t: TestApp,
  values: Partial<typeof homeworkSubmissions.$inferInsert> & { activityId: number; version: number },
) {
  const [row] = await t.db
    .insert(homeworkSubmissions)
    .values({ submittedAt: new Date(), ...values })
    .returning();
  if (!row) throw new Error('no homework submission');
  return row;
}
