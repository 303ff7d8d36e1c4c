import { and, eq } from 'drizzle-orm';
import { calendarFeedTokens } from '../../db/schema/course-services.ts';
import { users } from '../../db/schema/identity.ts';
import type { Database, Executor } from '../../platform/database.ts';

export type FeedOwnerRow = {
  userId: number;
  orgId: number;
  orgRole: 'admin' | 'member';
};

export function calendarFeedRepository(db: Database) {
  return {
    async find(userId: number, tx: Executor = db) {
      const [row] = await tx.select().from(calendarFeedTokens).where(eq(calendarFeedTokens.userId, userId));
      return row;
    },

    /** Replaces the user's token: the earlier URL stops working in the same statement. */
    async replace(userId: number, tokenHash: string, tx: Executor = db) {
      const [row] = await tx
        .insert(calendarFeedTokens)
        .values({ userId, tokenHash })
        .onConflictDoUpdate({ target: calendarFeedTokens.userId, set: { tokenHash, createdAt: new Date() } })
        .returning();
      if (!row) throw new Error('feed token not saved');
      return row;
    },

    async revoke(userId: number, tx: Executor = db): Promise<void> {
      await tx.delete(calendarFeedTokens).where(eq(calendarFeedTokens.userId, userId));
    },

    /** The active user a token belongs to. */
    async ownerOf(tokenHash: string, tx: Executor = db): Promise<FeedOwnerRow | undefined> {
      const [row] = await tx
        .select({ userId: users.id, orgId: users.orgId, orgRole: users.orgRole })
        .from(calendarFeedTokens)
        .innerJoin(users, eq(users.id, calendarFeedTokens.userId))
        .where(and(eq(calendarFeedTokens.tokenHash, tokenHash), eq(users.active, true)));
      return row;
    },
  };
}
