import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type App } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import { openDatabase, type Database } from '../platform/database.ts';
import { createStorage } from '../platform/storage/create-storage.ts';
import type { Storage } from '../platform/storage/storage.ts';

export type TestApp = {
  app: App;
  db: Database;
  config: Config;
  /** The app's own storage, under its temporary DATA_DIR. */
  storage: Storage;
  driver: 'pglite' | 'postgres';
  close(): Promise<void>;
};

export type TestAppOptions = {
  /** Receives the app's log lines (JSON, level info and up); without it the app logs nothing. */
  logStream?: { write(line: string): void };
  /** Adds test-only routes before the app is sealed. */
  beforeReady?: (app: App) => void;
  /** Wraps the app's storage driver (to make it fail the way a full disk does). */
  wrapStorage?: (storage: Storage) => Storage;
};

/** The migrated template the run's global set-up made on TEST_DATABASE_URL, and its copies' prefix. */
function postgresTemplate(): { template: string; prefix: string } | null {
  try {
    return inject('testDatabases') ?? null;
  } catch {
    // Outside a vitest worker of the server project (a script importing this helper): migrate instead.
    return null;
  }
}

let pgliteTemplate: Promise<PGlite> | undefined;

/**
 * Each app gets a copy of one embedded database migrated once per worker: migrating PGlite (WASM) costs
 * seconds, a clone a fraction of that. The template stays open for the worker's life and is never used.
 */
async function migratedPgliteCopy(): Promise<PGlite> {
  pgliteTemplate ??= (async () => {
    const template = await PGlite.create('memory://');
    await openDatabase({ pglite: template });
    return template;
  })();
  return (await pgliteTemplate).clone() as Promise<PGlite>;
}

/**
 * A real server on a real, empty database. With TEST_DATABASE_URL set (the PostgreSQL pass), each call
 * creates its own database on that server, so test files never see each other; in a vitest run the copies
 * are dropped together at its end, elsewhere each on close.
 */
export async function createTestApp(
  overrides: Partial<Record<string, string>> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lectern-test-'));
  const adminUrl = process.env.TEST_DATABASE_URL;
  let databaseUrl: string | undefined;
  let dropDatabase = async () => {};
  if (adminUrl) {
    const run = postgresTemplate();
    const id = randomUUID().replace(/-/g, '').slice(0, 16);
    const name = run ? `${run.prefix}${id}` : `lectern_t_${id}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}${run ? ` template ${run.template}` : ''}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    // In a test run the global teardown drops every copy at once (server-tests.global.ts says why).
    if (!run) {
      dropDatabase = async () => {
        const client = new pg.Client({ connectionString: adminUrl });
        await client.connect();
        await client.query(`drop database if exists ${name} with (force)`);
        await client.end();
      };
    }
  }
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    SESSION_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl, DATABASE_POOL_SIZE: '5' } : {}),
    ...overrides,
  });
  const database = await openDatabase({
    url: config.databaseUrl,
    pgliteDir: 'memory://',
    ...(config.databaseUrl ? {} : { pglite: await migratedPgliteCopy() }),
    poolSize: 5,
    // Dropping the test database terminates its connections on purpose.
    onConnectionLost: () => {},
  });
  // DATA_DIR/uploads unless the overrides choose S3 (STORAGE_DRIVER=s3).
  const created = createStorage(config.storage);
  const storage = options.wrapStorage ? options.wrapStorage(created) : created;
  const logger = options.logStream ? { level: 'info', stream: options.logStream } : false;
  const app = await buildApp({ config, database, storage, logger, serveWeb: false });
  options.beforeReady?.(app);
  await app.ready();
  return {
    app,
    db: database.db,
    config,
    storage,
    driver: database.driver,
    async close() {
      await app.close();
      await database.close();
      await dropDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
