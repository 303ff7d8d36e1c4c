import { randomUUID } from 'node:crypto';
import { and, eq, gt, lt, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { sessions, users } from '../../db/schema/identity.ts';
import type { Database, Executor } from '../../platform/database.ts';
import type { PushBus } from '../../platform/push/push-bus.ts';
import { withCompiledRows } from '../../platform/compiled-rows.ts';
import { statementBatcher, type StatementBatcher } from '../../platform/statement-batcher.ts';

export type SessionRow = typeof sessions.$inferSelect;

type ActiveSession = {
  session: SessionRow;
  user: { id: number; orgId: number; orgRole: 'admin' | 'member'; active: boolean };
};

/**
 * Resolving the session is the one query every authenticated request makes, so live sessions are kept
 * in memory for a few seconds. Every session write below goes through this cache, so this process never
 * serves a session it has changed; the change (logout, deactivation, password, role, simulate) is also
 * announced to the other server processes through the push bus (`connectSessionEvictions`) before the
 * write is answered. Should the bus lose a message, a process sees the change within SESSION_CACHE_TTL_MS.
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
  /** Tells the other processes what to evict; set once the push bus is connected. */
  announce: ((eviction: SessionEviction) => Promise<void>) | null;
};
const caches = new WeakMap<Database, CacheState>();

/** What a process drops from its cache when another one changed sessions. */
export type SessionEviction = { sessionIds: string[] } | { userId: number };

function cacheOf(db: Database): CacheState {
  let state = caches.get(db);
  if (!state) {
    state = { entries: new Map(), inflight: new Map(), epoch: 0, announce: null };
    caches.set(db, state);
  }
  return state;
}

function evictLocally(state: CacheState, eviction: SessionEviction): void {
  if ('userId' in eviction) {
    for (const [id, entry] of state.entries) {
      if (entry.value?.user.id === eviction.userId) state.entries.delete(id);
    }
    state.inflight.clear();
  } else {
    for (const id of eviction.sessionIds) {
      state.entries.delete(id);
      state.inflight.delete(id);
    }
  }
  state.epoch += 1;
}

/** Bus events for the processes themselves: course 0 is no course, so no stream ever delivers them. */
const SESSION_EVICTION_COURSE = 0;
const SESSION_EVICTION_TYPE = 'session.evict';
/** How long a write waits for the other processes to confirm an eviction before answering anyway. */
const EVICTION_ACK_MS = 1_000;
/** Processes say they are there this often, so one dropped for a slow answer comes back. */
const PEER_HEARTBEAT_MS = 30_000;

type EvictionSignal =
  | { kind: 'hello' | 'here' | 'bye' }
  | { kind: 'evict'; nonce: string; session_ids?: string[]; user_id?: number }
  | { kind: 'ack'; nonce: string; to: string };

/**
 * Wires this process's session cache to the push bus. Processes greet each other on the bus, so each
 * knows the others; an eviction is published, applied by every other process and acknowledged, and the
 * process that changed the session answers its caller only once every process it knows has confirmed
 * (or after EVICTION_ACK_MS, when a silent process is dropped until its next heartbeat and its cache
 * expires on its own). So a logout answered by one process holds at once on all of them. Returns the
 * disconnect function.
 */
export function connectSessionEvictions(
  db: Database,
  bus: Pick<PushBus, 'publish' | 'subscribe'>,
  log: FastifyBaseLogger,
): () => void {
  const state = cacheOf(db);
  const origin = randomUUID();
  const peers = new Set<string>();
  const pending = new Map<string, { waitingFor: Set<string>; done: () => void }>();
  const send = (signal: EvictionSignal) =>
    bus.publish({
      courseId: SESSION_EVICTION_COURSE,
      type: SESSION_EVICTION_TYPE,
      data: { ...signal, from: origin },
    });
  const sendQuietly = (signal: EvictionSignal) => {
    send(signal).catch((error: unknown) => log.warn({ err: error }, 'session cache signal not sent'));
  };

  const unsubscribe = bus.subscribe((message) => {
    if (message.courseId !== SESSION_EVICTION_COURSE || message.type !== SESSION_EVICTION_TYPE) return;
    const data = message.data;
    const from = data.from;
    if (typeof from !== 'string' || from === origin) return;
    switch (data.kind) {
      case 'hello':
        peers.add(from);
        sendQuietly({ kind: 'here' });
        break;
      case 'here':
        peers.add(from);
        break;
      case 'bye':
        peers.delete(from);
        for (const wait of pending.values()) {
          wait.waitingFor.delete(from);
          if (wait.waitingFor.size === 0) wait.done();
        }
        break;
      case 'evict': {
        peers.add(from);
        if (typeof data.user_id === 'number') evictLocally(state, { userId: data.user_id });
        else if (Array.isArray(data.session_ids)) {
          evictLocally(state, {
            sessionIds: data.session_ids.filter((id): id is string => typeof id === 'string'),
          });
        }
        if (typeof data.nonce === 'string') sendQuietly({ kind: 'ack', nonce: data.nonce, to: from });
        break;
      }
      case 'ack': {
        if (data.to !== origin || typeof data.nonce !== 'string') break;
        const wait = pending.get(data.nonce);
        wait?.waitingFor.delete(from);
        if (wait && wait.waitingFor.size === 0) wait.done();
        break;
      }
    }
  });
  sendQuietly({ kind: 'hello' });
  const heartbeat = setInterval(() => sendQuietly({ kind: 'here' }), PEER_HEARTBEAT_MS);
  heartbeat.unref();

  state.announce = async (eviction) => {
    if (peers.size === 0) return;
    const nonce = randomUUID();
    const waitingFor = new Set(peers);
    let timer: NodeJS.Timeout | undefined;
    const confirmed = new Promise<void>((resolve) => {
      pending.set(nonce, { waitingFor, done: resolve });
      timer = setTimeout(resolve, EVICTION_ACK_MS);
    });
    try {
      await send(
        'userId' in eviction
          ? { kind: 'evict', nonce, user_id: eviction.userId }
          : { kind: 'evict', nonce, session_ids: eviction.sessionIds },
      );
      await confirmed;
      for (const silent of waitingFor) peers.delete(silent);
    } catch (error) {
      // The change itself is stored; the other processes' caches expire on their own.
      log.warn({ err: error }, 'could not announce a session change to the other processes');
    } finally {
      clearTimeout(timer);
      pending.delete(nonce);
    }
  };
  return () => {
    clearInterval(heartbeat);
    sendQuietly({ kind: 'bye' });
    unsubscribe();
    state.announce = null;
    for (const wait of pending.values()) wait.done();
  };
}

/**
 * The session with its user, read whenever a session is not cached: a named statement, as every first
 * request of a signed-in browser runs it (3,000 of them when a class starts an exam at once), so
 * Postgres plans it once per connection instead of on every call.
 */
function prepareActive(tx: Executor) {
  return withCompiledRows(activeWhere(tx, eq(sessions.id, sql.placeholder('id'))).prepare('session_active'));
}

/** The live sessions `which` picks, with their users. */
function activeWhere(tx: Executor, which: SQL) {
  return tx
    .select({
      session: sessions,
      user: { id: users.id, orgId: users.orgId, orgRole: users.orgRole, active: users.active },
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(which, gt(sessions.expiresAt, sql`now()`)));
}

/**
 * The same read for many sessions at once: the first requests of a class starting an exam together arrive
 * in the same turn of the event loop, and share one statement (platform/statement-batcher.ts).
 */
function prepareActiveMany(tx: Executor) {
  return withCompiledRows(
    activeWhere(tx, sql`${sessions.id} = any(${sql.placeholder('ids')}::text[])`).prepare('sessions_active'),
  );
}

/** The most sessions one read carries. */
const SESSION_BATCH_MAX = 200;

const readers = new WeakMap<Database, StatementBatcher<string, ActiveSession>>();

/** Session reads outside a transaction, batched per database handle. */
function readerOf(db: Database): StatementBatcher<string, ActiveSession> {
  let reader = readers.get(db);
  if (reader) return reader;
  let one: ReturnType<typeof prepareActive> | undefined;
  let many: ReturnType<typeof prepareActiveMany> | undefined;
  reader = statementBatcher<string, ActiveSession>({
    key: (id) => id,
    compatible: () => true,
    maxItems: SESSION_BATCH_MAX,
    async runOne(id) {
      one ??= prepareActive(db);
      const [row] = await one.execute({ id });
      return row;
    },
    async runBatch(ids) {
      many ??= prepareActiveMany(db);
      const rows = await many.execute({ ids: [...ids] });
      const byId = new Map(rows.map((row) => [row.session.id, row]));
      return ids.map((id) => byId.get(id));
    },
  });
  readers.set(db, reader);
  return reader;
}

export function sessionsRepository(db: Database) {
  const state = cacheOf(db);
  const evict = (id: string) => evictLocally(state, { sessionIds: [id] });
  const announce = async (eviction: SessionEviction) => state.announce?.(eviction);
  /**
   * Drops a user's cached sessions here and in every other process. Called after the transaction that
   * changed the user commits, so no process can re-cache what it replaced.
   */
  const forgetUser = async (userId: number): Promise<void> => {
    evictLocally(state, { userId });
    await announce({ userId });
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
    if (tx === db) return readerOf(db).submit(id);
    const [row] = await prepareActive(tx).execute({ id });
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
      // Inside a caller's transaction the caller announces after its commit (forgetUser).
      if (tx === db) await announce({ sessionIds: [id] });
    },

    async delete(id: string, tx: Executor = db): Promise<void> {
      await writing(
        () => evict(id),
        () => tx.delete(sessions).where(eq(sessions.id, id)),
      );
      if (tx === db) await announce({ sessionIds: [id] });
    },

    async deleteForUser(userId: number, tx: Executor = db): Promise<void> {
      await writing(
        () => evictLocally(state, { userId }),
        () => tx.delete(sessions).where(eq(sessions.userId, userId)),
      );
      if (tx === db) await announce({ userId });
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
