import { and, asc, count, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { accessTokens } from '../../db/schema/access-tokens.ts';
import { users } from '../../db/schema/identity.ts';
import type { Database, Executor } from '../../platform/database.ts';

export type AccessTokenRow = typeof accessTokens.$inferSelect;

export type LiveAccessToken = {
  token: AccessTokenRow;
  user: { id: number; orgId: number; orgRole: 'admin' | 'member' };
};

export function accessTokensRepository(db: Database) {
  return {
    async listForUser(userId: number, tx: Executor = db): Promise<AccessTokenRow[]> {
      return tx
        .select()
        .from(accessTokens)
        .where(eq(accessTokens.userId, userId))
        .orderBy(asc(accessTokens.createdAt), asc(accessTokens.id));
    },

    /** Locks the user's row, so two creations at once cannot both slip under the per-user limit. */
    async countForUserLocked(userId: number, tx: Executor): Promise<number> {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
      const [row] = await tx.select({ n: count() }).from(accessTokens).where(eq(accessTokens.userId, userId));
      return row?.n ?? 0;
    },

    async insert(values: typeof accessTokens.$inferInsert, tx: Executor = db): Promise<AccessTokenRow> {
      const [row] = await tx.insert(accessTokens).values(values).returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },

    /** The token with this hash, unexpired, whose user is active; one round trip on every bearer request. */
    async findLiveByHash(tokenHash: string, tx: Executor = db): Promise<LiveAccessToken | undefined> {
      const [row] = await tx
        .select({
          token: accessTokens,
          user: { id: users.id, orgId: users.orgId, orgRole: users.orgRole },
        })
        .from(accessTokens)
        .innerJoin(users, eq(users.id, accessTokens.userId))
        .where(
          and(
            eq(accessTokens.tokenHash, tokenHash),
            eq(users.active, true),
            or(isNull(accessTokens.expiresAt), sql`${accessTokens.expiresAt} > now()`),
          ),
        );
      return row;
    },

    /** Records use unless another request did within the last minute (the condition makes racers no-ops). */
    async touch(id: number, tx: Executor = db): Promise<void> {
      await tx
        .update(accessTokens)
        .set({ lastUsedAt: sql`now()` })
        .where(
          and(
            eq(accessTokens.id, id),
            or(
              isNull(accessTokens.lastUsedAt),
              lt(accessTokens.lastUsedAt, sql`now() - interval '1 minute'`),
            ),
          ),
        );
    },

    /** Deletes the user's own token; false when no such token of theirs exists. */
    async deleteForUser(userId: number, id: number, tx: Executor = db): Promise<boolean> {
      const deleted = await tx
        .delete(accessTokens)
        .where(and(eq(accessTokens.id, id), eq(accessTokens.userId, userId)))
        .returning({ id: accessTokens.id });
      return deleted.length > 0;
    },
  };
}
