import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';

/** One stored object, as a listing gives it. */
export type StoredObject = { key: string; size: number };

/**
 * Where upload bytes live. Callers only ever stream; a driver decides the medium: local disk (the
 * default) or an S3-compatible bucket (`STORAGE_DRIVER=s3`), chosen by `createStorage`.
 */
export interface Storage {
  /**
   * Streams `body` to `key`, returning bytes written and their SHA-256. Past `maxBytes`, or when `body`
   * fails, it rejects and leaves nothing behind under `key`.
   */
  put(key: string, body: Readable, options: { maxBytes: number }): Promise<{ size: number; sha256: string }>;
  /** The bytes under `key`, or the inclusive byte range of them. A missing key is not_found. */
  get(key: string, range?: { start: number; end: number }): Promise<Readable>;
  /** Removes the bytes under `key`. A key that holds nothing is not an error: removal may be repeated. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** Every stored object, in no particular order (backups copy them all, previews included). */
  list(): AsyncIterable<StoredObject>;
}

/**
 * A fresh key for new bytes: `yyyy/mm/<uuid>`. Keys never contain anything a client sent, so a file name
 * can neither choose nor escape its location; the month folders keep directories small.
 */
export function newStorageKey(now: Date = new Date()): string {
  const month = String(now.getUTCMonth() + 1).padStart(2, '0');
  return `${now.getUTCFullYear()}/${month}/${randomUUID()}`;
}
