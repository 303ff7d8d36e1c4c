import { sql } from 'drizzle-orm';
import type { Database, Executor } from '../../platform/database.ts';
import { knowledgeStatisticsRepository } from './knowledge-statistics.repository.ts';

/**
 * Mastery is written by the SQL function `knowledge_mastery_refresh(activity, student)` (migration
 * 0030_knowledge_mastery.sql), which the grading triggers call in the writer's transaction; this reaches it
 * for the relink job and the benchmark.
 */
export function knowledgeMasteryRepository(db: Database) {
  return {
    /** Everyone with graded work or counted answers in the activity: whom a relink must count again. */
    async studentsOf(activityId: number, tx: Executor = db): Promise<number[]> {
      const result = await tx.execute(sql`
        select examinee_id as id from exam_final_answers where activity_id = ${activityId}
        union select user_id from classroom_answers where activity_id = ${activityId}
        union select coalesce(hs.user_id, gm.user_id) from homework_submissions hs
          left join group_members gm on gm.group_id = hs.group_id
          where hs.activity_id = ${activityId} and not hs.is_draft
        union select student_id from knowledge_mastery_sources where activity_id = ${activityId}
        order by 1`);
      return (result as unknown as { rows: { id: number | null }[] }).rows
        .map((r) => Number(r.id))
        .filter((id) => Number.isInteger(id) && id > 0);
    },

    async refresh(activityId: number, studentIds: readonly number[], tx: Executor): Promise<void> {
      if (studentIds.length === 0) return;
      await tx.execute(sql`
        select knowledge_mastery_refresh(${activityId}::int, s)
        from unnest(${`{${studentIds.join(',')}}`}::int[]) as s order by s`);
    },
  };
}

const meanOf = (values: readonly number[]) =>
  values.length === 0 ? null : values.reduce((sum, v) => sum + v, 0) / values.length;

/**
 * The class's completeness and mastery per live node of a course (0..1; nodes without any left out) and their
 * means, for the snapshot the knowledge-graph slice takes when a graph is published. Read from the maintained
 * aggregates, like the course summary.
 */
export async function courseMasterySummary(
  db: Executor,
  courseId: number,
): Promise<{
  completeness: Record<number, number>;
  mastery: Record<number, number>;
  completenessRate: number | null;
  masteryRate: number | null;
}> {
  const { nodes } = await knowledgeStatisticsRepository(db).nodeClassStats(courseId, undefined, db);
  const completeness: Record<number, number> = {};
  const mastery: Record<number, number> = {};
  for (const n of nodes) {
    if (n.completenessRate !== null) completeness[n.id] = n.completenessRate;
    if (n.masteryRate !== null) mastery[n.id] = n.masteryRate;
  }
  return {
    completeness,
    mastery,
    completenessRate: meanOf(Object.values(completeness)),
    masteryRate: meanOf(Object.values(mastery)),
  };
}
