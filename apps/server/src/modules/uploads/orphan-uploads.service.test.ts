import { Writable } from 'node:stream';
import { ACTIVITY_PARENT } from '@lectern/contracts/uploads/upload.schemas';
import { eq, inArray } from 'drizzle-orm';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { uploadReferences, uploads } from '../../db/schema/uploads.ts';
import {
  createActivity,
  createCourse,
  createModule,
  createOrg,
  createUpload,
  createUser,
  loginAs,
} from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { startOrphanUploadSweeps } from './orphan-uploads.job.ts';
import { orphanUploadsService } from './orphan-uploads.service.ts';
import { uploadsRepository } from './uploads.repository.ts';

const HOUR = 3600_000;
const NOW = new Date();
const hoursAgo = (hours: number) => new Date(NOW.getTime() - hours * HOUR);
/** Two connections are needed to race a sweep, so those cases run on the PostgreSQL pass only. */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

let t: TestApp;
let orgId: number;
let userId: number;
let activityId: number;

beforeAll(async () => {
  t = await createTestApp();
  orgId = (await createOrg(t)).id;
  userId = (await createUser(t, orgId)).id;
  const courseId = (await createCourse(t, orgId, userId)).id;
  const moduleId = (await createModule(t, courseId)).id;
  activityId = (await createActivity(t, { courseId, moduleId, createdBy: userId })).id;
});
afterAll(() => t.close());

const sweeper = (options: { batchSize?: number } = {}) =>
  orphanUploadsService({ config: t.config, db: t.db, storage: t.storage, log: t.app.log }, options);

const oldFile = (hours = 25) =>
  createUpload(t, orgId, userId, { bytes: Buffer.from('orphan'), createdAt: hoursAgo(hours) });

const attach = async (uploadId: number) => {
  await t.db.insert(uploadReferences).values({
    uploadId,
    parentType: ACTIVITY_PARENT,
    parentId: activityId,
    name: 'attached.txt',
    createdBy: userId,
  });
};

const uploadExists = async (id: number) =>
  (await t.db.select({ id: uploads.id }).from(uploads).where(eq(uploads.id, id))).length === 1;

describe('sweeping orphan uploads', () => {
  it('defaults the grace period to a day', () => {
    expect(t.config.uploadOrphanGraceMs).toBe(24 * HOUR);
  });

  it('deletes an old upload attached to nothing: its row and its bytes', async () => {
    const orphan = await oldFile();
    expect(await t.storage.exists(orphan.storageKey!)).toBe(true);

    expect(await sweeper().sweepOrphanUploads(NOW)).toBe(1);

    expect(await uploadExists(orphan.id)).toBe(false);
    expect(await t.storage.exists(orphan.storageKey!)).toBe(false);
  });

  it('also deletes old orphans that never got bytes or whose bytes are already gone', async () => {
    const pending = await createUpload(t, orgId, userId, { createdAt: hoursAgo(48) });
    const removed = await oldFile();
    await t.storage.delete(removed.storageKey!);
    await t.db.update(uploads).set({ deleted: true }).where(eq(uploads.id, removed.id));

    expect(await sweeper().sweepOrphanUploads(NOW)).toBe(2);

    expect(await uploadExists(pending.id)).toBe(false);
    expect(await uploadExists(removed.id)).toBe(false);
  });

  it('keeps an orphan still within the grace period, up to the exact cutoff', async () => {
    const recent = await oldFile(1);
    const atCutoff = await oldFile(24);

    expect(await sweeper().sweepOrphanUploads(NOW)).toBe(0);

    for (const kept of [recent, atCutoff]) {
      expect(await uploadExists(kept.id)).toBe(true);
      expect(await t.storage.exists(kept.storageKey!)).toBe(true);
    }
    await t.db.delete(uploads).where(inArray(uploads.id, [recent.id, atCutoff.id]));
  });

  it('takes the grace period from UPLOAD_ORPHAN_GRACE_HOURS', async () => {
    const env = { SESSION_SECRET: 'x'.repeat(32) };
    expect(loadConfig({ ...env, UPLOAD_ORPHAN_GRACE_HOURS: '0.5' }).uploadOrphanGraceMs).toBe(HOUR / 2);
    for (const bad of ['0', '-1', 'soon']) {
      expect(() => loadConfig({ ...env, UPLOAD_ORPHAN_GRACE_HOURS: bad })).toThrow(
        /UPLOAD_ORPHAN_GRACE_HOURS/,
      );
    }

    const hourOld = await oldFile(1);
    const fresh = await oldFile(0.25);
    const config = { ...t.config, uploadOrphanGraceMs: HOUR / 2 };
    const service = orphanUploadsService({ config, db: t.db, storage: t.storage, log: t.app.log });

    expect(await service.sweepOrphanUploads(NOW)).toBe(1);
    expect(await uploadExists(hourOld.id)).toBe(false);
    expect(await uploadExists(fresh.id)).toBe(true);
    await t.db.delete(uploads).where(eq(uploads.id, fresh.id));
  });

  it('keeps an old upload while it is attached, and sweeps it once detached', async () => {
    const attached = await oldFile(72);
    await attach(attached.id);

    expect(await sweeper().sweepOrphanUploads(NOW)).toBe(0);
    expect(await uploadExists(attached.id)).toBe(true);
    expect(await t.storage.exists(attached.storageKey!)).toBe(true);

    await t.db.delete(uploadReferences).where(eq(uploadReferences.uploadId, attached.id));
    expect(await sweeper().sweepOrphanUploads(NOW)).toBe(1);
    expect(await t.storage.exists(attached.storageKey!)).toBe(false);
  });

  it('works through a backlog larger than one batch', async () => {
    const orphans = await Promise.all([1, 2, 3, 4, 5].map(() => oldFile()));

    expect(await sweeper({ batchSize: 2 }).sweepOrphanUploads(NOW)).toBe(5);

    for (const orphan of orphans) {
      expect(await uploadExists(orphan.id)).toBe(false);
      expect(await t.storage.exists(orphan.storageKey!)).toBe(false);
    }
  });
});

describe('a file attached while a sweep runs', () => {
  it('is kept when the attachment lands between choosing the orphans and deleting them', async () => {
    const repo = uploadsRepository(t.db);
    const raced = await oldFile();
    const orphan = await oldFile();

    const ids = await repo.lockOrphans(hoursAgo(24), 100, t.db);
    expect(ids).toEqual(expect.arrayContaining([raced.id, orphan.id]));
    await attach(raced.id);
    const deleted = await repo.deleteUnreferenced(ids, t.db);

    expect(deleted).toEqual([{ id: orphan.id, storageKey: orphan.storageKey }]);
    expect(await uploadExists(raced.id)).toBe(true);
    expect(
      await t.db.select().from(uploadReferences).where(eq(uploadReferences.uploadId, raced.id)),
    ).toHaveLength(1);
    await t.storage.delete(orphan.storageKey!);
  });

  describe.runIf(onPostgres)('on PostgreSQL, with a second connection', () => {
    let other: pg.Client;
    beforeAll(async () => {
      other = new pg.Client({ connectionString: t.config.databaseUrl });
      await other.connect();
    });
    afterAll(() => other.end());

    const insertReference = (uploadId: number) =>
      other.query(
        'insert into upload_references (upload_id, parent_type, parent_id, name, created_by) values ($1, $2, $3, $4, $5)',
        [uploadId, ACTIVITY_PARENT, activityId, 'attached.txt', userId],
      );

    it('skips, without waiting, a file whose attachment is not yet committed, and keeps it after', async () => {
      const attaching = await oldFile();
      await other.query('begin');
      try {
        await insertReference(attaching.id);
        // The attaching transaction holds the row; the sweep must neither delete it nor block on it.
        expect(await sweeper().sweepOrphanUploads(NOW)).toBe(0);
      } finally {
        await other.query('commit');
      }

      expect(await sweeper().sweepOrphanUploads(NOW)).toBe(0);
      expect(await uploadExists(attaching.id)).toBe(true);
      expect(await t.storage.exists(attaching.storageKey!)).toBe(true);
      await t.db.delete(uploads).where(eq(uploads.id, attaching.id));
    });

    it('makes an attachment tried mid-sweep fail loudly instead of vanishing with the file', async () => {
      const repo = uploadsRepository(t.db);
      const orphan = await oldFile();
      const pid = (await other.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;

      let attempt: Promise<unknown> | undefined;
      const deleted = await t.db.transaction(async (tx) => {
        const ids = await repo.lockOrphans(hoursAgo(24), 100, tx);
        expect(ids).toContain(orphan.id);
        attempt = insertReference(orphan.id).then(
          () => 'attached',
          (error: { code?: string }) => error.code,
        );
        await waitUntilBlocked(pid);
        return repo.deleteUnreferenced(ids, tx);
      });

      expect(deleted.map((d) => d.id)).toContain(orphan.id);
      expect(await attempt).toBe('23503'); // foreign_key_violation: the caller sees an error
      expect(await uploadExists(orphan.id)).toBe(false);
      await t.storage.delete(orphan.storageKey!);
    });

    it('answers an activity saved with a file a sweep is deleting with 400, not a server fault', async () => {
      const orphan = await oldFile();
      const session = await loginAs(t, { id: userId });
      await other.query('begin');
      let response: Promise<{ statusCode: number; json(): { errors: Record<string, string[]> } }>;
      try {
        await other.query('select id from uploads where id = $1 for update', [orphan.id]);
        await other.query('delete from uploads where id = $1', [orphan.id]);
        // The save checks the file (still visible), then waits on the sweep's lock inside its transaction.
        response = t.app.inject({
          method: 'PUT',
          url: `/api/activities/${activityId}`,
          headers: session.headers,
          payload: { uploads: [orphan.id] },
        });
        await waitUntilAnyBlocked();
      } finally {
        await other.query('commit');
      }
      const res = await response;
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().errors)).toEqual(['uploads']);
      expect(
        await t.db.select().from(uploadReferences).where(eq(uploadReferences.uploadId, orphan.id)),
      ).toHaveLength(0);
      await t.storage.delete(orphan.storageKey!);
    });

    /** Until some connection of this database waits on a lock (read from a fresh connection: the stats
     *  views are frozen for the length of a transaction). */
    async function waitUntilAnyBlocked(): Promise<void> {
      const watcher = new pg.Client({ connectionString: t.config.databaseUrl });
      await watcher.connect();
      try {
        for (let i = 0; i < 100; i += 1) {
          const { rows } = await watcher.query<{ n: number }>(
            "select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()",
          );
          if ((rows[0]?.n ?? 0) > 0) return;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        throw new Error('the save never waited on the sweep');
      } finally {
        await watcher.end();
      }
    }

    /** Until the other connection waits on a lock (the foreign key check on the locked upload). */
    async function waitUntilBlocked(pid: number): Promise<void> {
      const watcher = new pg.Client({ connectionString: t.config.databaseUrl });
      await watcher.connect();
      try {
        for (let i = 0; i < 100; i += 1) {
          const { rows } = await watcher.query<{ wait: string | null }>(
            'select wait_event_type as wait from pg_stat_activity where pid = $1',
            [pid],
          );
          if (rows[0]?.wait === 'Lock') return;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        throw new Error('the attaching connection never blocked');
      } finally {
        await watcher.end();
      }
    }
  });
});

describe('the sweep schedule', () => {
  it('sweeps on start, logs how many at info, and stops cleanly', async () => {
    const orphan = await oldFile(30);
    const lines: { level: number; msg: string; count?: number }[] = [];
    const log = pino(
      { level: 'info' },
      new Writable({
        write(chunk: Buffer, _encoding, callback) {
          lines.push(JSON.parse(chunk.toString()) as (typeof lines)[number]);
          callback();
        },
      }),
    );

    const sweeps = startOrphanUploadSweeps({ config: t.config, db: t.db, storage: t.storage, log });
    await sweeps.stop();

    expect(await uploadExists(orphan.id)).toBe(false);
    expect(lines).toEqual([expect.objectContaining({ level: 30, msg: 'swept orphan uploads', count: 1 })]);
  });

  it('logs nothing when there is nothing to sweep, and sweeps again after the interval', async () => {
    const lines: unknown[] = [];
    const log = pino(
      { level: 'info' },
      new Writable({
        write(chunk: Buffer, _encoding, callback) {
          lines.push(JSON.parse(chunk.toString()));
          callback();
        },
      }),
    );
    const sweeps = startOrphanUploadSweeps(
      { config: t.config, db: t.db, storage: t.storage, log },
      { intervalMs: 50 },
    );
    try {
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(lines).toEqual([]);
      const orphan = await oldFile(30);
      await expect.poll(() => uploadExists(orphan.id), { timeout: 20_000 }).toBe(false);
    } finally {
      await sweeps.stop();
    }
  });
});
