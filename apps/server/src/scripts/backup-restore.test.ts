import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { createReadStream, createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { eq, inArray, isNotNull, sql } from 'drizzle-orm';
import tar from 'tar-stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subjectLibs } from '../db/schema/exams.ts';
import { uploads } from '../db/schema/uploads.ts';
import { openDatabase, type Database, type DatabaseHandle } from '../platform/database.ts';
import { localDiskStorage } from '../platform/storage/local-disk.storage.ts';
import { newStorageKey, type Storage } from '../platform/storage/storage.ts';
import { seedDemoIfEmpty } from '../seed/demo-seed.ts';
import { createSubjectLib } from '../test/exams-factories.ts';
import { createOrg, createUser, loginAs } from '../test/factories.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { MANIFEST_NAME, writeBackup, type BackupManifest } from './backup-archive.ts';
import { readCatalog } from './backup-catalog.ts';
import { RestoreRefusedError, restoreBackup } from './restore-archive.ts';

const work = mkdtempSync(path.join(tmpdir(), 'lectern-backup-'));
const archive = (name: string) => path.join(work, name);

async function rowCounts(db: Database): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of await readCatalog(db)) {
    const result = await db.execute(sql.raw(`select count(*)::int as n from "${table.name}"`));
    counts[table.name] = Number((result as unknown as { rows: { n: number }[] }).rows[0]!.n);
  }
  return counts;
}

async function storedKeys(storage: Storage): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of storage.list()) keys.push(object.key);
  return keys.sort();
}

let source: TestApp;
let target: TestApp;
let sourceCounts: Record<string, number>;

beforeAll(async () => {
  source = await createTestApp();
  target = await createTestApp();
  expect(await seedDemoIfEmpty(source.db, source.app.log, { storage: source.storage })).toBe(true);
  sourceCounts = await rowCounts(source.db);
  // Small parts, so tables span several parts as a large installation's do.
  await writeBackup({
    db: source.db,
    driver: source.driver,
    storage: source.storage,
    file: archive('demo.tar.gz'),
    partBytes: 64 * 1024,
  });
}, 120_000);
afterAll(async () => {
  await source?.close();
  await target?.close();
  rmSync(work, { recursive: true, force: true });
});

describe('npm run backup / npm run restore', () => {
  it('restores every row and every file of the demo into an empty installation, which then serves them', async () => {
    await restoreBackup({
      db: target.db,
      storage: target.storage,
      file: archive('demo.tar.gz'),
      force: false,
    });

    expect(Object.values(sourceCounts).reduce((a, b) => a + b, 0)).toBeGreaterThan(100);
    expect(await rowCounts(target.db)).toEqual(sourceCounts);
    expect(await storedKeys(target.storage)).toEqual(await storedKeys(source.storage));

    const [upload] = await source.db.select().from(uploads).where(isNotNull(uploads.storageKey)).limit(1);
    const original = await buffer(await source.storage.get(upload!.storageKey!));
    expect((await buffer(await target.storage.get(upload!.storageKey!))).equals(original)).toBe(true);
    // Through the restored app, as its uploader: the same file under the same id.
    const session = await loginAs(target, { id: upload!.createdBy! });
    const res = await target.app.inject({
      method: 'GET',
      url: `/api/uploads/${upload!.id}/blob`,
      headers: session.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(original)).toBe(true);

    // Sequences continue after the restored ids, so new rows never collide with restored ones.
    const [maxOrg] = await target.db
      .execute(sql`select max(id)::int as m from orgs`)
      .then((r) => (r as unknown as { rows: { m: number }[] }).rows);
    expect((await createOrg(target)).id).toBeGreaterThan(maxOrg!.m);
  });

  it('refuses a target that holds data, and with --force replaces it, stray files included', async () => {
    const before = await rowCounts(target.db);
    await expect(
      restoreBackup({ db: target.db, storage: target.storage, file: archive('demo.tar.gz'), force: false }),
    ).rejects.toSatisfy((e: unknown) => e instanceof RestoreRefusedError && /not empty/.test(e.message));
    expect(await rowCounts(target.db)).toEqual(before);

    const stray = newStorageKey();
    await target.storage.put(stray, Readable.from([Buffer.from('stray')]), { maxBytes: 10 });
    await restoreBackup({
      db: target.db,
      storage: target.storage,
      file: archive('demo.tar.gz'),
      force: true,
    });
    expect(await rowCounts(target.db)).toEqual(sourceCounts);
    expect(await target.storage.exists(stray)).toBe(false);
    expect(await storedKeys(target.storage)).toEqual(await storedKeys(source.storage));
  });

  describe('on embedded PGlite', () => {
    let pglite: DatabaseHandle;
    let storage: Storage;
    beforeAll(async () => {
      pglite = await openDatabase({ pgliteDir: 'memory://' });
      storage = localDiskStorage(path.join(work, 'pglite-uploads'));
    }, 60_000);
    afterAll(async () => pglite?.close());

    it('restores the same archive into PGlite, and the backup of PGlite into the test database (PostgreSQL in CI)', async () => {
      await restoreBackup({ db: pglite.db, storage, file: archive('demo.tar.gz'), force: false });
      expect(await rowCounts(pglite.db)).toEqual(sourceCounts);

      await writeBackup({ db: pglite.db, driver: 'pglite', storage, file: archive('pglite.tar.gz') });
      await restoreBackup({
        db: target.db,
        storage: target.storage,
        file: archive('pglite.tar.gz'),
        force: true,
      });
      expect(await rowCounts(target.db)).toEqual(sourceCounts);
      expect(await storedKeys(target.storage)).toEqual(await storedKeys(source.storage));
    }, 120_000);
  });

  it('restores a child row written before its parent in another part of the dump', async () => {
    const orgId = (await createOrg(source)).id;
    const ownerId = (await createUser(source, orgId)).id;
    const child = await createSubjectLib(source, { orgId, ownerId, title: 'child' });
    const parent = await createSubjectLib(source, { orgId, ownerId, title: 'parent' });
    await source.db.update(subjectLibs).set({ parentId: parent.id }).where(eq(subjectLibs.id, child.id));
    // Rewrite the parent so it sits after the child in the table's physical order, which the dump follows.
    await source.db.update(subjectLibs).set({ title: 'parent!' }).where(eq(subjectLibs.id, parent.id));
    // One row per part: each part is its own insert, so the child's cannot see a parent still to come.
    await writeBackup({
      db: source.db,
      driver: source.driver,
      storage: source.storage,
      file: archive('tree.tar.gz'),
      partBytes: 1,
    });
    // The premise: the child's part comes before its parent's, so inserting it as it is would fail.
    const titles: string[] = [];
    const extract = tar.extract();
    const reading = pipeline(createReadStream(archive('tree.tar.gz')), createGunzip(), extract);
    for await (const entry of extract) {
      const body = await buffer(entry);
      if (entry.header.name.startsWith('tables/subject_libs/')) {
        titles.push(...(JSON.parse(body.toString()) as { title: string }[]).map((row) => row.title));
      }
    }
    await reading;
    expect(titles.filter((title) => title === 'child' || title === 'parent!')).toEqual(['child', 'parent!']);

    await restoreBackup({
      db: target.db,
      storage: target.storage,
      file: archive('tree.tar.gz'),
      force: true,
    });
    const rows = await target.db
      .select()
      .from(subjectLibs)
      .where(inArray(subjectLibs.id, [child.id, parent.id]))
      .orderBy(subjectLibs.id);
    expect(rows.map((r) => [r.title, r.parentId])).toEqual([
      ['child', parent.id],
      ['parent!', null],
    ]);
    expect(await rowCounts(target.db)).toEqual(await rowCounts(source.db));
  });

  it('refuses an archive made with another schema, and anything that is not a backup', async () => {
    const foreign = async (name: string, entries: Record<string, string>) => {
      const pack = tar.pack();
      const written = pipeline(pack, createGzip(), createWriteStream(archive(name)));
      for (const [entry, body] of Object.entries(entries)) pack.entry({ name: entry }, body);
      pack.finalize();
      await written;
      return archive(name);
    };
    const manifest: BackupManifest = {
      format: 'lectern-backup',
      version: 1,
      created_at: new Date().toISOString(),
      driver: 'postgres',
      migrations: ['an-older-schema'],
      tables: [],
    };
    // Refused before anything is touched, even with --force.
    const before = await rowCounts(target.db);
    const restore = (file: string) =>
      restoreBackup({ db: target.db, storage: target.storage, file, force: true });
    await expect(
      restore(await foreign('old.tar.gz', { [MANIFEST_NAME]: JSON.stringify(manifest) })),
    ).rejects.toThrow(/another database schema/);
    await expect(restore(await foreign('other.tar.gz', { 'readme.txt': 'hello' }))).rejects.toThrow(
      /not a Lectern backup/,
    );
    expect(await rowCounts(target.db)).toEqual(before);
  });
});
