import { and, eq, gt, lt, sql } from 'drizzle-orm';
import { sessions, users } from '../../db/schema/identity.ts';
import type { Database, Executor } from '../../platform/database.ts';

export type SessionRow = typeof sessions.$inferSelect;

type ActiveSession = {
  session: SessionRow;
  user: { id: number; orgId: number; orgRole: 'admin' | 'member'; active: boolean };
};

/**
 * Resolving the session is the one query every authenticated request makes, so live sessions are kept
 * in memory for a few seconds. Every session write below goes through this cache, so this process never
 * serves a session it has changed; another server process sees a change (logout, deactivation, simulate)
 * within SESSION_CACHE_TTL_MS.
 */
export const SESSION_CACHE_TTL_MS = 5_000;
const SESSION_CACHE_MAX = 10_000;
const caches = new WeakMap<Database, Map<string, { value: ActiveSession; until: number }>>();

function cacheOf(db: Database) {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  return cache;
}

export function sessionsRepository(db: Database) {
  const cache = cacheOf(db);
  const forgetUser = (userId: number) => {
    for (const [id, entry] of cache) if (entry.value.user.id === userId) cache.delete(id);
  };
  return {
    async insert(values: typeof sessions.$inferInsert, tx: Executor = db): Promise<SessionRow> {
      const [row] = await tx.insert(sessions).values(values).returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },

    /** The live session with its user, in one round trip (or none, from the cache): this runs on every request. */
    async findActive(id: string, tx: Executor = db): Promise<ActiveSession | undefined> {
      const now = Date.now();
      const cached = cache.get(id);
      if (cached && cached.until > now && cached.value.session.expiresAt.getTime() > now) return cached.value;
      const [row] = await tx
        .select({
          session: sessions,
          user: { id: users.id, orgId: users.orgId, orgRole: users.orgRole, active: users.active },
        })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(and(eq(sessions.id, id), gt(sessions.expiresAt, sql`now()`)));
      if (!row) {
        cache.delete(id);
        return undefined;
      }
      if (cache.size >= SESSION_CACHE_MAX) cache.clear();
      cache.set(id, { value: row, until: now + SESSION_CACHE_TTL_MS });
      return row;
    },

    /** Drops a user's cached sessions after a change to the user (role, activity) the sessions carry. */
    forgetUser,

    async touch(id: string, expiresAt: Date, tx: Executor = db): Promise<void> {
      cache.delete(id);
      await tx
        .update(sessions)
        .set({ lastSeenAt: sql`now()`, expiresAt })
        .where(eq(sessions.id, id));
    },

    async setSimulating(id: string, courseId: number | null, tx: Executor = db): Promise<void> {
      cache.delete(id);
      await tx.update(sessions).set({ simulatingCourseId: courseId }).where(eq(sessions.id, id));
    },

    async delete(id: string, tx: Executor = db): Promise<void> {
      cache.delete(id);
      await tx.delete(sessions).where(eq(sessions.id, id));
    },

    async deleteForUser(userId: number, tx: Executor = db): Promise<void> {
      forgetUser(userId);
      await tx.delete(sessions).where(eq(sessions.userId, userId));
    },

    async deleteExpired(tx: Executor = db): Promise<void> {
      cache.clear();
      await tx.delete(sessions).where(lt(sessions.expiresAt, sql`now()`));
    },
  };
}

export type SessionsRepository = ReturnType<typeof sessionsRepository>;
