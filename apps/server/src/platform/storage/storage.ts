import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';

/**
 * Where upload bytes live. Callers only ever stream; a driver decides the medium. The local-disk driver
 * is the default; an S3-compatible driver implements the same four calls without touching callers.
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
}

/**
 * A fresh key for new bytes: `yyyy/mm/<uuid>`. Keys never contain anything a client sent, so a file name
 * can neither choose nor escape its location; the month folders keep directories small.
 */
export function newStorageKey(now: Date = new Date()): string {
  const month = String(now.getUTCMonth() + 1).padStart(2, '0');
  return `${now.getUTCFullYear()}/${month}/${randomUUID()}`;
}
