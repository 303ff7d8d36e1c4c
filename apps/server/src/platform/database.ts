import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { existsSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';

/** Both drivers expose the same query builder; services and repositories only ever see this type. */
export type Database = PgDatabase<PgQueryResultHKT>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** What a repository method accepts: the database, or the transaction it should join. */
export type Executor = Database | Transaction;

export type DatabaseHandle = {
  db: Database;
  driver: 'pglite' | 'postgres';
  ping(): Promise<boolean>;
  close(): Promise<void>;
};

export type DatabaseOptions = {
  /** A PostgreSQL URL; when absent the embedded PGlite is used. */
  url?: string | undefined;
  /** PGlite data directory, or `memory://` for a throwaway database. */
  pgliteDir?: string;
  poolSize?: number;
  /** An embedded database already open (a test's copy of a migrated one); it is brought up to date all the same. */
  pglite?: PGlite;
  /**
   * Called when an idle pooled connection dies (server restart, admin termination). The pool replaces it
   * on next use; without a listener, node would treat the event as an uncaught error and exit.
   */
  onConnectionLost?: (error: Error) => void;
};

const casing = 'snake_case' as const;

export function migrationsFolder(): string {
  // Source (src/platform) and bundle (dist) sit at different depths; look upward for the folder.
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 4; i += 1) {
    const candidate = path.join(dir, 'drizzle');
    if (existsSync(path.join(candidate, 'meta', '_journal.json'))) return candidate;
    dir = path.dirname(dir);
  }
  throw new Error('Migrations folder (drizzle/) not found next to the server');
}

/** Opens the database and brings its schema up to date. Migrations are idempotent: a second start changes nothing. */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  const folder = migrationsFolder();
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 20 });
    pool.on(
      'error',
      options.onConnectionLost ??
        ((error) => console.error(`database connection lost (it will be replaced): ${error.message}`)),
    );
    const db = drizzlePg({ client: pool, casing });
    await migrateAlone(options.url, () => migratePg(db, { migrationsFolder: folder }));
    return {
      db: db as unknown as Database,
      driver: 'postgres',
      ping: () => ping(db as unknown as Database),
      close: () => pool.end(),
    };
  }
  const dir = options.pgliteDir ?? 'memory://';
  if (!options.pglite && !dir.startsWith('memory://')) mkdirSync(path.dirname(dir), { recursive: true });
  const client = options.pglite ?? (await PGlite.create(dir));
  const db = drizzlePglite({ client, casing });
  await migratePglite(db, { migrationsFolder: folder });
  return {
    db: db as unknown as Database,
    driver: 'pglite',
    ping: () => ping(db as unknown as Database),
    close: () => client.close(),
  };
}

/** Serialises migrations across processes sharing one database (its own key: the demo seed has another). */
const MIGRATION_LOCK_KEY = 7_406_150_200;

/**
 * Several processes starting together on one database would each find the same migrations pending and
 * race to apply them, and all but one would fail. A session-level advisory lock, on a connection of its
 * own (the pool may have only one), makes the others wait; they then find nothing left to apply.
 */
async function migrateAlone(url: string, migrate: () => Promise<void>): Promise<void> {
  const lock = new pg.Client({ connectionString: url });
  await lock.connect();
  try {
    await lock.query('select pg_advisory_lock($1::bigint)', [MIGRATION_LOCK_KEY]);
    await migrate();
  } finally {
    // Ending the session releases the lock, also when the migration failed.
    await lock.end();
  }
}

async function ping(db: Database): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
