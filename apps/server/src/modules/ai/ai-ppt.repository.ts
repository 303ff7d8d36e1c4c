import { and, eq, sql } from 'drizzle-orm';
import { aiPptUsage } from '../../db/schema/ai-ppt.ts';
import { users } from '../../db/schema/identity.ts';
import type { Database, Executor } from '../../platform/database.ts';

export type AiPptUsageRow = { userId: number; userNo: string; userName: string; usageCount: number };

/** AI slide-deck usage counts, one row per user. */
export function aiPptRepository(db: Database) {
  return {
    /**
     * Counts one use in a single statement: the insert's conflict turns into an increment under the row's lock,
     * so concurrent uses queue on the row and every one is counted. Returns the new count.
     */
    async recordUse(orgId: number, userId: number, tx: Executor = db): Promise<number> {
      const [row] = await tx
        .insert(aiPptUsage)
        .values({ orgId, userId, usageCount: 1 })
        .onConflictDoUpdate({
          target: aiPptUsage.userId,
          set: { usageCount: sql`${aiPptUsage.usageCount} + 1`, updatedAt: sql`now()` },
        })
        .returning({ usageCount: aiPptUsage.usageCount });
      if (!row) throw new Error('the usage upsert returned no row');
      return row.usageCount;
    },

    /** The user with their count (0 when they never used the feature); undefined when not in the organisation. */
    async usageOf(orgId: number, userId: number, tx: Executor = db): Promise<AiPptUsageRow | undefined> {
      const [row] = await tx
        .select({
          userId: users.id,
          userNo: users.userNo,
          userName: users.name,
          usageCount: sql<number>`coalesce(${aiPptUsage.usageCount}, 0)`.mapWith(Number),
        })
        .from(users)
        .leftJoin(aiPptUsage, eq(aiPptUsage.userId, users.id))
        .where(and(eq(users.id, userId), eq(users.orgId, orgId)));
      return row;
    },
  };
}
