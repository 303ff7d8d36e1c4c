import { and, count, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import { scoreRecords } from '../../db/schema/homework.ts';
import { users } from '../../db/schema/identity.ts';
import type { Database, Executor } from '../../platform/database.ts';

export type ScoreRecordRow = typeof scoreRecords.$inferSelect;

/** One score change: whose (a student or a group), which version, how, and from what to what. */
export type ScoreChange = {
  activityId: number;
  userId: number | null;
  groupId: number | null;
  version: number | null;
  scoreMethod: string;
  oldScore: number | null;
  score: number | null;
  oldFinalScore: number | null;
  finalScore: number | null;
};

/**
 * Records score changes of homework or exams, in the caller's transaction so a change and its record
 * commit together. The operator's name is stored as it is now. Changes that change nothing are skipped.
 */
export async function recordScoreChanges(
  tx: Executor,
  operatorId: number,
  changes: readonly ScoreChange[],
): Promise<void> {
  const real = changes.filter((c) => c.oldScore !== c.score || c.oldFinalScore !== c.finalScore);
  if (real.length === 0) return;
  const [operator] = await tx.select({ name: users.name }).from(users).where(eq(users.id, operatorId));
  await tx
    .insert(scoreRecords)
    .values(real.map((change) => ({ ...change, operatorId, operatorName: operator?.name ?? null })));
}

export function scoreRecordsRepository(db: Database) {
  return {
    /** A submitter's records, newest first, and how many there are. */
    async page(
      filter: { activityId: number; userId: number | null; groupId: number | null },
      page: { limit: number; offset: number },
      tx: Executor = db,
    ): Promise<{ rows: ScoreRecordRow[]; total: number }> {
      const where = and(
        eq(scoreRecords.activityId, filter.activityId),
        filter.userId !== null ? eq(scoreRecords.userId, filter.userId) : undefined,
        filter.groupId !== null ? eq(scoreRecords.groupId, filter.groupId) : undefined,
      );
      // The total rides along on each row; only a page past the end needs a count of its own.
      const found = await tx
        .select({ ...getTableColumns(scoreRecords), total: sql<number>`count(*) over ()`.mapWith(Number) })
        .from(scoreRecords)
        .where(where)
        .orderBy(desc(scoreRecords.createdAt), desc(scoreRecords.id))
        .limit(page.limit)
        .offset(page.offset);
      if (found.length === 0 && page.offset > 0) {
        const [total] = await tx.select({ n: count() }).from(scoreRecords).where(where);
        return { rows: [], total: total?.n ?? 0 };
      }
      const rows = found.map(({ total: _total, ...row }) => row);
      return { rows, total: found[0]?.total ?? 0 };
    },
  };
}
