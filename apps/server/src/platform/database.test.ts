import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './database.ts';

const adminUrl = process.env.TEST_DATABASE_URL;

// Needs a PostgreSQL server: runs in the PostgreSQL pass of `npm test`.
describe.runIf(adminUrl)('openDatabase on PostgreSQL', () => {
  it('survives the server terminating an idle connection, and keeps serving', async () => {
    const name = `lectern_t_conn_${Date.now()}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(adminUrl!);
    url.pathname = `/${name}`;
    const lost: Error[] = [];
    const handle = await openDatabase({
      url: url.toString(),
      poolSize: 2,
      onConnectionLost: (e) => lost.push(e),
    });
    try {
      expect(await handle.ping()).toBe(true);
      const killed = await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity where datname = $1`,
        [name],
      );
      expect(killed.rowCount).toBeGreaterThan(0);
      // The pool hears of the termination when the backend's farewell reaches its socket: under CI load
      // (both test passes' workers, PostgreSQL's checkpoints) that took longer than poll's default second.
      await expect.poll(() => lost.length, { timeout: 20_000, interval: 50 }).toBeGreaterThan(0);
      expect(await handle.ping()).toBe(true);
    } finally {
      await handle.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });

  it('lets several processes start on one empty database at once: one migrates, the others wait', async () => {
    const name = `lectern_t_migrate_${Date.now()}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(adminUrl!);
    url.pathname = `/${name}`;
    try {
      const handles = await Promise.all(
        [1, 2, 3].map(() => openDatabase({ url: url.toString(), poolSize: 1, onConnectionLost: () => {} })),
      );
      const check = new pg.Client({ connectionString: url.toString() });
      await check.connect();
      const applied = await check.query(
        'select count(*)::int as n, count(distinct hash)::int as d from drizzle.__drizzle_migrations',
      );
      await check.end();
      expect(applied.rows[0].n).toBeGreaterThan(0);
      expect(applied.rows[0].n).toBe(applied.rows[0].d);
      await Promise.all(handles.map((h) => h.close()));
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });
});
