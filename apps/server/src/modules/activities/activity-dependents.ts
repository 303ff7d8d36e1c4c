import { inArray } from 'drizzle-orm';
import { comments } from '../../db/schema/discussions.ts';
import { classroomAnswers, examPaperInstances } from '../../db/schema/exam-submissions.ts';
import { homeworkSubmissions } from '../../db/schema/homework.ts';
import { voteBallots } from '../../db/schema/votes.ts';
import type { Database } from '../../platform/database.ts';
import { activitiesRepository } from './activities.repository.ts';

/**
 * One kind of learner record that makes changing or deleting an activity destructive: given activity
 * ids, it answers those that have such records. Domains that add learner records (submissions, scores,
 * forum posts) append their check here; have-dependents runs them all.
 */
export type DependentRecordCheck = (activityIds: readonly number[], db: Database) => Promise<number[]>;

async function distinctActivityIds(
  db: Database,
  table:
    | typeof comments
    | typeof examPaperInstances
    | typeof classroomAnswers
    | typeof homeworkSubmissions
    | typeof voteBallots,
  activityIds: readonly number[],
): Promise<number[]> {
  if (activityIds.length === 0) return [];
  const rows = await db
    .selectDistinct({ id: table.activityId })
    .from(table)
    .where(inArray(table.activityId, [...activityIds]));
  return rows.map((row) => row.id);
}

export const DEPENDENT_RECORD_CHECKS: readonly DependentRecordCheck[] = [
  // Learners who have read or joined the activity.
  (activityIds, db) => activitiesRepository(db).idsWithReads(activityIds),
  // Exams a student has started (a paper was handed out) and classroom questions answered.
  (activityIds, db) => distinctActivityIds(db, examPaperInstances, activityIds),
  (activityIds, db) => distinctActivityIds(db, classroomAnswers, activityIds),
  // Posts in forums, comment panels and question panels.
  (activityIds, db) => distinctActivityIds(db, comments, activityIds),
  // Homework hand-ins and drafts.
  (activityIds, db) => distinctActivityIds(db, homeworkSubmissions, activityIds),
  // Ballots cast in a vote.
  (activityIds, db) => distinctActivityIds(db, voteBallots, activityIds),
];
