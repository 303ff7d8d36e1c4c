import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { videoAiTasks } from '../../db/schema/ai.ts';
import { users } from '../../db/schema/identity.ts';
import type { Database, Executor } from '../../platform/database.ts';

export type VideoAiTaskRow = typeof videoAiTasks.$inferSelect;

export function videoAiRepository(db: Database) {
  return {
    async insert(values: typeof videoAiTasks.$inferInsert, tx: Executor = db): Promise<VideoAiTaskRow> {
      const [row] = await tx.insert(videoAiTasks).values(values).returning();
      if (!row) throw new Error('video ai task not inserted');
      return row;
    },

    async findById(id: number, tx: Executor = db): Promise<VideoAiTaskRow | undefined> {
      const [row] = await tx.select().from(videoAiTasks).where(eq(videoAiTasks.id, id));
      return row;
    },

    /** The newest task (or the newest finished one) of each of these attachments of the activity. */
    async latestOfActivity(
      activityId: number,
      referenceIds: readonly number[],
      finishedOnly: boolean,
      tx: Executor = db,
    ): Promise<VideoAiTaskRow[]> {
      if (referenceIds.length === 0) return [];
      return tx
        .selectDistinctOn([videoAiTasks.referenceId])
        .from(videoAiTasks)
        .where(
          and(
            eq(videoAiTasks.activityId, activityId),
            inArray(videoAiTasks.referenceId, [...referenceIds]),
            finishedOnly ? eq(videoAiTasks.status, 'finished') : undefined,
          ),
        )
        .orderBy(videoAiTasks.referenceId, desc(videoAiTasks.id));
    },

    /** Claims a queued task for processing; false when another worker already took it or it is gone. */
    async claim(id: number, tx: Executor = db): Promise<boolean> {
      const rows = await tx
        .update(videoAiTasks)
        .set({ status: 'processing', updatedAt: new Date() })
        .where(and(eq(videoAiTasks.id, id), eq(videoAiTasks.status, 'queued')))
        .returning({ id: videoAiTasks.id });
      return rows.length > 0;
    },

    async finish(
      id: number,
      values: Pick<VideoAiTaskRow, 'captionsVtt' | 'topics' | 'chapters'>,
      tx: Executor = db,
    ): Promise<void> {
      await tx
        .update(videoAiTasks)
        .set({ ...values, status: 'finished', errorKey: null, updatedAt: new Date() })
        .where(eq(videoAiTasks.id, id));
    },

    async fail(id: number, errorKey: string, tx: Executor = db): Promise<void> {
      await tx
        .update(videoAiTasks)
        .set({ status: 'failed', errorKey, updatedAt: sql`now()` })
        .where(eq(videoAiTasks.id, id));
    },

    async orgRoleOf(userId: number, tx: Executor = db): Promise<'admin' | 'member' | undefined> {
      const [row] = await tx.select({ orgRole: users.orgRole }).from(users).where(eq(users.id, userId));
      return row?.orgRole;
    },
  };
}
