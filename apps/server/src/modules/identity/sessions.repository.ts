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

type CacheState = {
  entries: Map<string, { value: ActiveSession | undefined; until: number }>;
  /** One database read per session id at a time: a page's burst of requests shares it. */
  inflight: Map<string, Promise<ActiveSession | undefined>>;
  /**
   * Bumped by every session write, before and after it. A read that saw the epoch change while it ran
   * may hold the old row, so it answers its callers but is not cached.
   */
  epoch: number;
};
const caches = new WeakMap<Database, CacheState>();

function cacheOf(db: Database): CacheState {
  let state = caches.get(db);
  if (!state) {
    state = { entries: new Map(), inflight: new Map(), epoch: 0 };
    caches.set(db, state);
  }
  return state;
}

export function sessionsRepository(db: Database) {
  const state = cacheOf(db);
  const evict = (id: string) => {
    state.entries.delete(id);
    state.inflight.delete(id);
    state.epoch += 1;
  };
  const forgetUser = (userId: number) => {
    for (const [id, entry] of state.entries) if (entry.value?.user.id === userId) state.entries.delete(id);
    state.inflight.clear();
    state.epoch += 1;
  };
  /** Runs a session write with the cache evicted on both sides of it. */
  const writing = async <T>(evictAll: () => void, write: () => Promise<T>): Promise<T> => {
    evictAll();
    try {
      return await write();
    } finally {
      evictAll();
    }
  };

  async function read(id: string, tx: Executor): Promise<ActiveSession | undefined> {
    const [row] = await tx
      .select({
        session: sessions,
        user: { id: users.id, orgId: users.orgId, orgRole: users.orgRole, active: users.active },
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(sessions.id, id), gt(sessions.expiresAt, sql`now()`)));
    return row;
  }

  return {
    async insert(values: typeof sessions.$inferInsert, tx: Executor = db): Promise<SessionRow> {
      const [row] = await tx.insert(sessions).values(values).returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },

    /** The live session with its user, in one round trip (or none, from the cache): this runs on every request. */
    async findActive(id: string, tx: Executor = db): Promise<ActiveSession | undefined> {
      if (tx !== db) return read(id, tx);
      const now = Date.now();
      const cached = state.entries.get(id);
      if (cached?.value && cached.until > now && cached.value.session.expiresAt.getTime() > now) {
        return cached.value;
      }
      const running = state.inflight.get(id);
      if (running) return running;
      const startedAt = state.epoch;
      const reading = read(id, db)
        .then((row) => {
          if (state.epoch === startedAt && row) {
            if (state.entries.size >= SESSION_CACHE_MAX) state.entries.clear();
            state.entries.set(id, { value: row, until: now + SESSION_CACHE_TTL_MS });
          } else if (!row) {
            state.entries.delete(id);
          }
          return row;
        })
        .finally(() => {
          if (state.inflight.get(id) === reading) state.inflight.delete(id);
        });
      state.inflight.set(id, reading);
      return reading;
    },

    /** Drops a user's cached sessions after a change to the user (role, activity) the sessions carry. */
    forgetUser,

    async touch(id: string, expiresAt: Date, tx: Executor = db): Promise<void> {
      await writing(
        () => evict(id),
        () =>
          tx
            .update(sessions)
            .set({ lastSeenAt: sql`now()`, expiresAt })
            .where(eq(sessions.id, id)),
      );
    },

    async setSimulating(id: string, courseId: number | null, tx: Executor = db): Promise<void> {
      await writing(
        () => evict(id),
        () => tx.update(sessions).set({ simulatingCourseId: courseId }).where(eq(sessions.id, id)),
      );
    },

    async delete(id: string, tx: Executor = db): Promise<void> {
      await writing(
        () => evict(id),
        () => tx.delete(sessions).where(eq(sessions.id, id)),
      );
    },

    async deleteForUser(userId: number, tx: Executor = db): Promise<void> {
      await writing(
        () => forgetUser(userId),
        () => tx.delete(sessions).where(eq(sessions.userId, userId)),
      );
    },

    async deleteExpired(tx: Executor = db): Promise<void> {
      const clearAll = () => {
        state.entries.clear();
        state.inflight.clear();
        state.epoch += 1;
      };
      await writing(clearAll, () => tx.delete(sessions).where(lt(sessions.expiresAt, sql`now()`)));
    },
  };
}

export type SessionsRepository = ReturnType<typeof sessionsRepository>;
