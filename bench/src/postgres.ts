import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** Same choice as scripts/test.sh: DATABASE_URL when set, else the local server's postgres database. */
export function adminUrl(): string {
  return process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
}

/** The URL with any password masked, for printing. */
export function shownUrl(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.href;
}

async function reachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

function isLocal(url: string): boolean {
  return ['127.0.0.1', 'localhost', '::1', '[::1]', ''].includes(new URL(url).hostname);
}

/**
 * A benchmark on embedded PGlite would measure the WASM engine, not the server, so a real PostgreSQL is
 * required. A stopped local cluster is started when we may (root, Debian's pg_ctlcluster).
 */
export async function ensurePostgres(url: string): Promise<void> {
  if (await reachable(url)) return;
  const canStart =
    isLocal(url) &&
    process.getuid?.() === 0 &&
    existsSync('/usr/bin/pg_ctlcluster') &&
    existsSync('/etc/postgresql');
  if (canStart) {
    const version = readdirSync('/etc/postgresql')
      .sort((a, b) => Number(a) - Number(b))
      .at(-1);
    if (version) {
      console.log(
        `PostgreSQL at ${shownUrl(url)} is not answering; starting the local cluster ${version}/main`,
      );
      try {
        execFileSync('pg_ctlcluster', ['--skip-systemctl-redirect', version, 'main', 'start'], {
          stdio: 'inherit',
        });
      } catch {
        // Already starting, or failed; the reachability loop below tells which.
      }
      for (let i = 0; i < 30; i += 1) {
        if (await reachable(url)) return;
        await new Promise((resolve) => setTimeout(resolve, 1_000));
      }
    }
  }
  throw new Error(
    `PostgreSQL is unreachable at ${shownUrl(url)}. The benchmark needs a real PostgreSQL: start it, or set ` +
      'DATABASE_URL to a server where this user may create databases.',
  );
}

export type BenchDatabase = { name: string; url: string; drop(): Promise<void> };

export async function createBenchDatabase(admin: string): Promise<BenchDatabase> {
  const name = `lectern_bench_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  try {
    await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    async drop() {
      const dropper = new pg.Client({ connectionString: admin });
      await dropper.connect();
      try {
        await dropper.query(`drop database if exists ${name} with (force)`);
      } finally {
        await dropper.end();
      }
    },
  };
}
