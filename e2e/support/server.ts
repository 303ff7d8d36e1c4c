import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { inject } from 'vitest';

/**
 * What the global set-up (`e2e-run.global.ts`) prepared for a run on PostgreSQL: a migrated database
 * with the demo data and the files the seed stored, which journeys start as copies of, and the prefix of
 * every journey database of the run, all dropped together at its end.
 */
export type E2eRun = { template: string; templateDataDir: string; prefix: string };

declare module 'vitest' {
  export interface ProvidedContext {
    e2eRun: E2eRun | null;
  }
}

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const serverEntry = path.join(repoRoot, 'apps', 'server', 'dist', 'main.js');
const webIndex = path.join(repoRoot, 'apps', 'web', 'dist', 'index.html');

const HEALTH_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 20_000;
const LOG_TAIL_CHARS = 8_000;

export type RunningServer = {
  baseUrl: string;
  dataDir: string;
  /** The database of its own on the E2E_DATABASE_URL server, if it has one. */
  databaseName: string | undefined;
  /** What the server printed so far (the tail), for failure messages. */
  output(): string;
  stop(): Promise<void>;
};

export type StartServerOptions = {
  /** Extra environment for the server, e.g. a smaller upload limit for one test file. */
  env?: Record<string, string>;
  /** Load the demo organisation (on by default: the journeys log in as demo users). */
  seedDemo?: boolean;
  /**
   * Keep this file on the embedded database even when E2E_DATABASE_URL names a PostgreSQL server. `npm test`
   * runs most journeys on PostgreSQL (the same SQL, several times faster) and keeps a few on PGlite, which
   * is what `npm start` runs: those prove the embedded path end to end.
   */
  embedded?: boolean;
  /** Migrate and seed this server's own database even when a demo template exists (building the template). */
  fresh?: boolean;
  /** Leave the database and the stored files in place when stopped (the template is kept for the run). */
  keep?: boolean;
};

/** Asks the OS for a port nobody is using; the tiny window before the server binds it is harmless here. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('could not determine a free port'));
      });
    });
  });
}

/**
 * Starts the built server exactly as production does (`node --max-semi-space-size=32 apps/server/dist/main.js`) on an empty
 * embedded database of its own, and resolves once /api/health answers.
 */
export async function startServer(options: StartServerOptions = {}): Promise<RunningServer> {
  for (const [file, what] of [
    [serverEntry, 'the built server'],
    [webIndex, 'the built web app'],
  ] as const) {
    if (!existsSync(file)) {
      throw new Error(`${what} is missing (${path.relative(repoRoot, file)}): run \`npm run build\` first`);
    }
  }

  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lectern-e2e-'));
  const run = options.fresh ? null : e2eRun();
  const template = run && options.seedDemo !== false ? run : null;
  const baseUrl = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    SEED_DEMO: options.seedDemo === false ? 'false' : 'true',
    LOG_LEVEL: 'warn',
    ...options.env,
  };
  // A developer's DATABASE_URL must never receive demo data from a test run: a database of the test's own
  // on the E2E_DATABASE_URL server, or the embedded one.
  if (!options.env?.DATABASE_URL) delete env.DATABASE_URL;
  delete env.WEB_DIST;
  const database =
    options.env?.DATABASE_URL || options.embedded
      ? undefined
      : await createE2eDatabase(run?.prefix ?? 'lectern_e2e', template?.template);
  if (database) env.DATABASE_URL = database.url;
  // The template's database is only copied on PostgreSQL; its stored files go with it.
  if (database && template) cpSync(template.templateDataDir, dataDir, { recursive: true });

  // The flags `npm run start:built` gives node (package.json).
  const child = spawn(process.execPath, ['--max-semi-space-size=32', serverEntry], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const append = (chunk: Buffer) => {
    log = (log + chunk.toString('utf8')).slice(-LOG_TAIL_CHARS);
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const server: RunningServer = {
    baseUrl,
    dataDir,
    databaseName: database?.name,
    output: () => log,
    async stop() {
      await stopChild(child, exited);
      if (options.keep) return;
      rmSync(dataDir, { recursive: true, force: true });
      // Dropping a database waits for a checkpoint (seconds on a busy machine): in a run the global
      // teardown drops them all at once.
      if (!run) await database?.drop();
    },
  };

  try {
    await waitForHealth(baseUrl, exited);
  } catch (error) {
    await server.stop();
    throw new Error(`${(error as Error).message}\n--- server output ---\n${log}`, { cause: error });
  }
  return server;
}

/** What the global set-up prepared, or null where it did not (no PostgreSQL, or the set-up itself). */
function e2eRun(): E2eRun | null {
  try {
    return inject('e2eRun') ?? null;
  } catch {
    // Outside a test worker (the global set-up itself): no template.
    return null;
  }
}

async function admin(adminUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * A database on the E2E_DATABASE_URL server for one test file, or none when that is unset: empty, or a
 * copy of the template (PostgreSQL copies a database's files, far quicker than migrating and seeding).
 */
async function createE2eDatabase(
  prefix: string,
  template?: string,
): Promise<{ name: string; url: string; drop(): Promise<void> } | undefined> {
  const adminUrl = process.env.E2E_DATABASE_URL;
  if (!adminUrl) return undefined;
  const name = `${prefix}_${randomId()}`;
  await admin(
    adminUrl,
    template ? `create database ${name} template ${template}` : `create database ${name}`,
  );
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () => admin(adminUrl, `drop database if exists ${name} with (force)`),
  };
}

function randomId(): string {
  return randomUUID().replace(/-/g, '').slice(0, 16);
}

/**
 * Prepares a run on PostgreSQL: boots the built server once on a database of its own, which migrates it
 * and loads the demo data, and stops it. Each journey then starts from a copy instead of doing both again
 * (on the two-core CI machine, about half of a server's start). The seed's times are days from now, so a
 * template made at the start of the run reads the same at its end. None without E2E_DATABASE_URL.
 */
export async function prepareE2eRun(): Promise<{ run: E2eRun; finish(): Promise<void> } | null> {
  const adminUrl = process.env.E2E_DATABASE_URL;
  if (!adminUrl) return null;
  const server = await startServer({ fresh: true, keep: true });
  const template = server.databaseName;
  await server.stop();
  if (!template) throw new Error('the template server had no database of its own');
  const prefix = `lectern_e2e_run_${randomId()}`;
  return {
    run: { template, templateDataDir: server.dataDir, prefix },
    async finish() {
      rmSync(server.dataDir, { recursive: true, force: true });
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        const { rows } = await client.query<{ datname: string }>(
          'select datname from pg_database where starts_with(datname, $1)',
          [`${prefix}_`],
        );
        // Together, the drops share their checkpoints.
        await Promise.all(
          [...rows.map((row) => row.datname), template].map((name) =>
            admin(adminUrl, `drop database if exists ${name} with (force)`),
          ),
        );
      } finally {
        await client.end();
      }
    },
  };
}

async function waitForHealth(baseUrl: string, exited: Promise<number | null>): Promise<void> {
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  let exitCode: number | null | undefined;
  void exited.then((code) => {
    exitCode = code;
  });
  while (Date.now() < deadline) {
    if (exitCode !== undefined) throw new Error(`the server exited (code ${exitCode}) before it was healthy`);
    try {
      const response = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the server did not answer ${baseUrl}/api/health within ${HEALTH_TIMEOUT_MS / 1000} s`);
}

async function stopChild(child: ChildProcess, exited: Promise<number | null>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
  try {
    await exited;
  } finally {
    clearTimeout(timer);
  }
}
