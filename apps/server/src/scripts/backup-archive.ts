import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import tar from 'tar-stream';
import type { Database } from '../platform/database.ts';
import type { Storage } from '../platform/storage/storage.ts';
import { appliedMigrations, ident, readCatalog, rowsOf } from './backup-catalog.ts';

export const BACKUP_FORMAT = 'lectern-backup';
export const BACKUP_VERSION = 1;
export const MANIFEST_NAME = 'manifest.json';

/**
 * The archive's first entry. Tables are listed in restore order; each table's rows follow as parts
 * `tables/<table>/<n>.json`, a JSON array of rows as PostgreSQL's row_to_json writes them (never parsed
 * here, so bigint and numeric values keep every digit). Stored files follow as `files/<key>`.
 */
export type BackupManifest = {
  format: typeof BACKUP_FORMAT;
  version: typeof BACKUP_VERSION;
  created_at: string;
  driver: 'pglite' | 'postgres';
  /** Hashes of the applied migrations, in order: a restore needs the same schema. */
  migrations: string[];
  tables: { name: string; rows: number }[];
};

export type BackupSummary = { tables: number; rows: number; files: number; bytes: number };

/** Rows per fetch from the cursor, and the size at which a part is closed: bounded memory either way. */
const FETCH_ROWS = 1000;
const PART_BYTES = 4 * 1024 * 1024;

export const partName = (table: string, part: number) =>
  `tables/${table}/${String(part).padStart(6, '0')}.json`;

/**
 * Writes one .tar.gz holding every table and every stored file. The tables are read in one repeatable-read
 * transaction, so the dump is a consistent snapshot while the servers keep running (on PostgreSQL); the
 * files are copied after it, so every file the snapshot refers to is already stored. The archive is
 * written under a temporary name and renamed at the end: a failed backup never looks like a good one.
 */
export async function writeBackup(options: {
  db: Database;
  driver: 'pglite' | 'postgres';
  storage: Storage;
  file: string;
  log?: (line: string) => void;
  /** Size at which a table's part is closed; tests make it tiny to split tables into many parts. */
  partBytes?: number;
}): Promise<BackupSummary> {
  const partBytes = options.partBytes ?? PART_BYTES;
  const log = options.log ?? (() => {});
  const pack = tar.pack();
  const partial = `${options.file}.partial`;
  // Owner-only: the archive holds password hashes and everything students handed in.
  const written = pipeline(pack, createGzip(), createWriteStream(partial, { flags: 'wx', mode: 0o600 }));
  // A failed write (disk full) must end the producer too, or it would wait forever on backpressure.
  written.catch((error: unknown) => pack.destroy(error as Error));
  const add = (name: string, body: Buffer) =>
    new Promise<void>((resolve, reject) => {
      pack.entry({ name, size: body.length, mode: 0o600 }, body, (error) =>
        error ? reject(error) : resolve(),
      );
    });

  const summary: BackupSummary = { tables: 0, rows: 0, files: 0, bytes: 0 };
  try {
    await options.db.transaction(
      async (tx) => {
        const catalog = await readCatalog(tx);
        const tables: BackupManifest['tables'] = [];
        for (const table of catalog) {
          const [count] = rowsOf<{ n: number }>(
            await tx.execute(sql`select count(*)::int as n from ${ident(table.name)}`),
          );
          tables.push({ name: table.name, rows: Number(count?.n ?? 0) });
        }
        // Counted in the same snapshot the rows are read from, so a restore can check it got every row.
        const manifest: BackupManifest = {
          format: BACKUP_FORMAT,
          version: BACKUP_VERSION,
          created_at: new Date().toISOString(),
          driver: options.driver,
          migrations: await appliedMigrations(tx),
          tables,
        };
        await add(MANIFEST_NAME, Buffer.from(JSON.stringify(manifest, null, 2)));
        for (const [index, table] of catalog.entries()) {
          summary.rows += tables[index]?.rows ?? 0;
          await tx.execute(
            sql`declare lectern_backup no scroll cursor for select row_to_json(t)::text as j from ${ident(table.name)} t`,
          );
          let part = 0;
          let batch: string[] = [];
          let size = 0;
          const flush = async () => {
            if (batch.length === 0) return;
            part += 1;
            await add(partName(table.name, part), Buffer.from(`[${batch.join(',\n')}]`));
            batch = [];
            size = 0;
          };
          for (;;) {
            const rows = rowsOf<{ j: string }>(
              await tx.execute(sql.raw(`fetch forward ${FETCH_ROWS} from lectern_backup`)),
            );
            for (const row of rows) {
              batch.push(row.j);
              size += row.j.length;
              if (size >= partBytes) await flush();
            }
            if (rows.length < FETCH_ROWS) break;
          }
          await flush();
          await tx.execute(sql`close lectern_backup`);
          summary.tables += 1;
        }
        log(`database: ${summary.rows} rows in ${summary.tables} tables`);
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );

    for await (const object of options.storage.list()) {
      let body;
      try {
        body = await options.storage.get(object.key);
      } catch (error) {
        // Swept between the listing and the copy: an orphan the snapshot no longer refers to.
        if ((error as { code?: string }).code === 'not_found') continue;
        throw error;
      }
      await new Promise<void>((resolve, reject) => {
        const entry = pack.entry({ name: `files/${object.key}`, size: object.size, mode: 0o600 }, (error) =>
          error ? reject(error) : resolve(),
        );
        body.on('error', reject);
        body.pipe(entry);
      });
      summary.files += 1;
      summary.bytes += object.size;
    }
    log(`files: ${summary.files} (${summary.bytes} bytes)`);
    pack.finalize();
    await written;
    await rename(partial, options.file);
    return summary;
  } catch (error) {
    pack.destroy(error as Error);
    await written.catch(() => {});
    await rm(partial, { force: true });
    throw error;
  }
}
