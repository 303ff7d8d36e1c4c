import { Readable } from 'node:stream';
import type { Database } from '../../platform/database.ts';
import { newStorageKey, type Storage } from '../../platform/storage/storage.ts';
import { h5CoursewareRepository, type H5PackageRow } from './h5-courseware.repository.ts';
import { unpackH5Package } from './h5-package.ts';

/**
 * Unpacks a zip (safely, see h5-package.ts) and stores each file as its own storage object, then records
 * the package for the upload. On failure nothing is left behind; when another request recorded the same
 * upload first, its row is kept and these files go.
 */
export async function unpackAndStore(
  db: Database,
  storage: Storage,
  uploadId: number,
  zip: Buffer,
): Promise<H5PackageRow> {
  const repo = h5CoursewareRepository(db);
  const unpacked = await unpackH5Package(zip);
  const files: Record<string, { key: string; size: number }> = {};
  const written: string[] = [];
  const removeWritten = () => Promise.all(written.map((key) => storage.delete(key)));
  let row: H5PackageRow | undefined;
  try {
    for (const [filePath, bytes] of unpacked.files) {
      const key = `h5/${newStorageKey()}`;
      await storage.put(key, Readable.from([bytes]), { maxBytes: bytes.length });
      written.push(key);
      files[filePath] = { key, size: bytes.length };
    }
    row = await repo.insertPackage({
      uploadId,
      kind: unpacked.kind,
      entry: unpacked.entry,
      files,
      totalBytes: unpacked.totalBytes,
    });
  } catch (error) {
    await removeWritten();
    throw error;
  }
  if (row) return row;
  await removeWritten();
  const winner = await repo.findPackage(uploadId);
  if (!winner) throw new Error(`h5 package of upload ${uploadId} vanished`);
  return winner;
}
