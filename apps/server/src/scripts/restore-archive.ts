import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import tar from 'tar-stream';
import type { Database, Transaction } from '../platform/database.ts';
import type { Storage } from '../platform/storage/storage.ts';
import { BACKUP_FORMAT, BACKUP_VERSION, MANIFEST_NAME, type BackupManifest } from './backup-archive.ts';
import { appliedMigrations, ident, readCatalog, rowsOf, type TableInfo } from './backup-catalog.ts';

/** A restore that would destroy or mismatch data: said to the operator as it is, nothing changed. */
export class RestoreRefusedError extends Error {}

export type RestoreSummary = { tables: number; rows: number; files: number; bytes: number };

/** Stored files are copied as they are; the upload limit of the installation does not apply to them. */
const NO_LIMIT = Number.MAX_SAFE_INTEGER;

/**
 * Restores an archive written by writeBackup into an empty installation (database and storage), or, with
 * `force`, over one that holds data. Every row goes in inside one transaction, kept open until the files
 * are stored too, so a failed restore leaves the database as it was. With `force`, stored files the
 * archive does not hold are removed only after that transaction committed.
 */
export async function restoreBackup(options: {
  db: Database;
  storage: Storage;
  file: string;
  force: boolean;
  log?: (line: string) => void;
}): Promise<RestoreSummary> {
  const log = options.log ?? (() => {});
  const extract = tar.extract();
  const reading = pipeline(createReadStream(options.file), createGunzip(), extract);
  // Read errors (a truncated or corrupt archive) also surface through the entry iterator below.
  reading.catch(() => {});
  const entries = extract[Symbol.asyncIterator]();

  const summary: RestoreSummary = { tables: 0, rows: 0, files: 0, bytes: 0 };
  const restoredKeys = new Set<string>();
  try {
    const first = await entries.next();
    if (first.done || first.value.header.name !== MANIFEST_NAME) {
      throw new RestoreRefusedError(`${options.file} is not a Lectern backup (no ${MANIFEST_NAME} first)`);
    }
    const manifest = parseManifest(await buffer(first.value));

    await options.db.transaction(async (tx) => {
      const catalog = await readCatalog(tx);
      await checkTarget(tx, options.storage, catalog, manifest, options.force);
      // The archive holds every table as it was, derived ones included (final answers, mastery, content
      // versions): the triggers that keep those must not derive them again from rows restored in another
      // order. The tables' owner may do this without superuser rights, and the transaction undoes it.
      for (const table of catalog) {
        await tx.execute(sql`alter table ${ident(table.name)} disable trigger user`);
      }
      const byName = new Map(catalog.map((table) => [table.name, table]));
      const deferred = new Map<string, string>();
      let tablesDone = false;
      const finishTables = async () => {
        if (tablesDone) return;
        tablesDone = true;
        for (const table of catalog) {
          const temporary = deferred.get(table.name);
          if (temporary) await applyDeferred(tx, table, temporary);
          await advanceSequences(tx, table);
          await tx.execute(sql`alter table ${ident(table.name)} enable trigger user`);
        }
        for (const expected of manifest.tables) {
          const [count] = rowsOf<{ n: number }>(
            await tx.execute(sql`select count(*)::int as n from ${ident(expected.name)}`),
          );
          if (Number(count?.n) !== expected.rows) {
            throw new Error(
              `table ${expected.name}: ${count?.n} rows restored, the backup holds ${expected.rows}`,
            );
          }
          summary.rows += expected.rows;
        }
        summary.tables = manifest.tables.length;
        log(`database: ${summary.rows} rows in ${summary.tables} tables`);
      };

      for (let next = await entries.next(); !next.done; next = await entries.next()) {
        const entry = next.value;
        const name = entry.header.name;
        const part = /^tables\/([^/]+)\/\d+\.json$/.exec(name)?.[1];
        if (part) {
          const table = byName.get(part);
          if (!table || tablesDone) throw new Error(`unexpected entry in the backup: ${name}`);
          const rows = (await buffer(entry)).toString('utf8');
          if (table.deferred.length > 0 && !deferred.has(table.name)) {
            deferred.set(table.name, await createDeferredTable(tx, table, deferred.size));
          }
          await insertPart(tx, table, rows, deferred.get(table.name));
        } else if (name.startsWith('files/') && entry.header.type === 'file') {
          await finishTables();
          const key = name.slice('files/'.length);
          // tar-stream's entries are streamx streams; the drivers take Node's.
          const stored = await options.storage.put(key, Readable.from(entry), { maxBytes: NO_LIMIT });
          restoredKeys.add(key);
          summary.files += 1;
          summary.bytes += stored.size;
        } else {
          throw new Error(`unexpected entry in the backup: ${name}`);
        }
      }
      await finishTables();
      log(`files: ${summary.files} (${summary.bytes} bytes)`);
    });
    await reading;
  } finally {
    extract.destroy();
  }

  if (options.force) {
    const stale: string[] = [];
    for await (const object of options.storage.list())
      if (!restoredKeys.has(object.key)) stale.push(object.key);
    for (const key of stale) await options.storage.delete(key);
  }
  return summary;
}

function parseManifest(bytes: Buffer): BackupManifest {
  let manifest: Partial<BackupManifest>;
  try {
    manifest = JSON.parse(bytes.toString('utf8')) as Partial<BackupManifest>;
  } catch {
    throw new RestoreRefusedError(`the backup's ${MANIFEST_NAME} is not JSON`);
  }
  if (
    manifest.format !== BACKUP_FORMAT ||
    !Array.isArray(manifest.tables) ||
    !Array.isArray(manifest.migrations)
  ) {
    throw new RestoreRefusedError('not a Lectern backup');
  }
  if (manifest.version !== BACKUP_VERSION) {
    throw new RestoreRefusedError(
      `backup format version ${String(manifest.version)}; this Lectern reads version ${BACKUP_VERSION}`,
    );
  }
  return manifest as BackupManifest;
}

async function checkTarget(
  tx: Transaction,
  storage: Storage,
  catalog: TableInfo[],
  manifest: BackupManifest,
  force: boolean,
): Promise<void> {
  const migrations = await appliedMigrations(tx);
  if (migrations.join() !== manifest.migrations.join()) {
    throw new RestoreRefusedError(
      `the backup was made with another database schema (${manifest.migrations.length} migrations; this ` +
        `Lectern has ${migrations.length}). Restore it with the Lectern version that made it, then upgrade.`,
    );
  }
  const names = catalog.map((t) => t.name).sort();
  const expected = manifest.tables.map((t) => t.name).sort();
  if (names.join() !== expected.join()) {
    throw new RestoreRefusedError('the backup holds other tables than this database');
  }

  const holding: string[] = [];
  for (const table of catalog) {
    const [row] = rowsOf<{ any: boolean }>(
      await tx.execute(sql`select exists (select 1 from ${ident(table.name)}) as any`),
    );
    if (row?.any) holding.push(table.name);
  }
  let storageHolds = false;
  for await (const _object of storage.list()) {
    storageHolds = true;
    break;
  }
  if (!force && (holding.length > 0 || storageHolds)) {
    throw new RestoreRefusedError(
      `the target is not empty (${holding.length > 0 ? `tables ${holding.slice(0, 5).join(', ')}${holding.length > 5 ? ', …' : ''}` : 'stored files'}); ` +
        'restore into an empty installation, or pass --force to replace everything in it',
    );
  }
  if (holding.length > 0) {
    await tx.execute(
      sql`truncate table ${sql.join(
        catalog.map((t) => ident(t.name)),
        sql`, `,
      )} restart identity cascade`,
    );
  }
}

/**
 * Inserts one part through json_populate_recordset, which converts every value from the JSON that
 * row_to_json wrote back to the column's type. Identity values are kept (`overriding system value`), so
 * every reference between rows still holds.
 */
async function insertPart(
  tx: Transaction,
  table: TableInfo,
  rows: string,
  deferredTable: string | undefined,
) {
  const columns = sql.join(table.columns.map(ident), sql`, `);
  const values = sql.join(
    table.columns.map((c) => (table.deferred.includes(c) ? sql`null` : ident(c))),
    sql`, `,
  );
  const source = sql`json_populate_recordset(null::${ident(table.name)}, ${rows}::json)`;
  await tx.execute(
    sql`insert into ${ident(table.name)} (${columns}) overriding system value select ${values} from ${source}`,
  );
  if (deferredTable) {
    const kept = sql.join([...table.primaryKey, ...table.deferred].map(ident), sql`, `);
    // Only rows that hold a reference need setting later.
    const holding = sql.join(
      table.deferred.map((c) => sql`${ident(c)} is not null`),
      sql` or `,
    );
    await tx.execute(sql`insert into ${ident(deferredTable)} select ${kept} from ${source} where ${holding}`);
  }
}

async function createDeferredTable(tx: Transaction, table: TableInfo, index: number): Promise<string> {
  const name = `lectern_restore_${index}`;
  const kept = sql.join([...table.primaryKey, ...table.deferred].map(ident), sql`, `);
  await tx.execute(
    sql`create temporary table ${ident(name)} on commit drop as select ${kept} from ${ident(table.name)} with no data`,
  );
  return name;
}

async function applyDeferred(tx: Transaction, table: TableInfo, deferredTable: string) {
  const set = sql.join(
    table.deferred.map((c) => sql`${ident(c)} = r.${ident(c)}`),
    sql`, `,
  );
  const match = sql.join(
    table.primaryKey.map((c) => sql`t.${ident(c)} = r.${ident(c)}`),
    sql` and `,
  );
  await tx.execute(
    sql`update ${ident(table.name)} t set ${set} from ${ident(deferredTable)} r where ${match}`,
  );
}

/** New rows must not collide with restored ones: each sequence continues after the largest value. */
async function advanceSequences(tx: Transaction, table: TableInfo) {
  for (const { column, sequence } of table.sequenced) {
    await tx.execute(
      sql`select setval(${sequence}::regclass, m) from (select max(${ident(column)}) as m from ${ident(table.name)}) x
          where m is not null`,
    );
  }
}
