import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Database } from '../database.ts';
import { listenerSet, newPushMessage, parsePushMessage, type PushBus } from './push-bus.ts';

export const PUSH_CHANNEL = 'lectern_push';
const RECONNECT_MS = 1000;

/**
 * LISTEN/NOTIFY on the shared PostgreSQL server. Publishing goes through the app's pool; each process
 * holds one dedicated connection that listens, and opens it again if the server drops it.
 */
export async function postgresPushBus(options: {
  url: string;
  db: Database;
  log: FastifyBaseLogger;
}): Promise<PushBus> {
  const { url, db, log } = options;
  const listeners = listenerSet();
  let closed = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;

  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (n) => {
      if (n.channel !== PUSH_CHANNEL || !n.payload) return;
      const message = parsePushMessage(n.payload);
      if (message) listeners.emit(message, log);
    });
    next.on('error', (error) => {
      log.warn({ err: error }, 'push listener connection failed');
      lost(next);
    });
    next.on('end', () => lost(next));
    await next.connect();
    await next.query(`listen ${PUSH_CHANNEL}`);
    client = next;
  }

  function lost(from: pg.Client): void {
    if (client !== from) return;
    client = undefined;
    from.end().catch(() => {});
    scheduleReconnect();
  }

  function scheduleReconnect(): void {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      connect().catch((error: unknown) => {
        log.warn({ err: error }, 'push listener reconnect failed');
        scheduleReconnect();
      });
    }, RECONNECT_MS);
  }

  await connect();

  return {
    driver: 'postgres',
    async publish(event) {
      // NOTIFY payloads are limited to 8000 bytes; events carry ids and counts, far below that.
      await db.execute(sql`select pg_notify(${PUSH_CHANNEL}, ${JSON.stringify(newPushMessage(event))})`);
    },
    subscribe: listeners.add,
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      listeners.clear();
      await client?.end().catch(() => {});
      client = undefined;
    },
  };
}
