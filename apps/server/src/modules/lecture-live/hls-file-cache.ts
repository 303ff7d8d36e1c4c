import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';

/** An HLS file to send: its bytes from memory, or a stream of a file too large to keep. */
export type HlsFileBody = { size: number; bytes: Buffer } | { size: number; stream: Readable };

/** What the cache keeps: the bytes of one version of a file, told apart by inode, size and mtime. */
type Entry = { version: string; bytes: Buffer };

/**
 * The files of live and replay HLS, kept in memory while they are asked for. A thousand viewers of one
 * live all fetch the same playlist and the same few segments every two seconds (issue 16: live HLS within
 * 80% of a bare static file server), so each request costs one `stat` and a buffer write instead of an
 * open, a read, a close and a stream.
 *
 * Every request still stats the file, and an entry serves only the version it was read from (inode, size
 * and modification time): ffmpeg replaces the live playlist every segment, deletes old segments and, when
 * a lecture goes live again, starts numbering segments from zero in the same folder. Concurrent misses of
 * one version share one read. Least recently used entries go past `maxBytes`; files over `maxEntryBytes`
 * are streamed from disk and never kept.
 */
export function hlsFileCache(limits: { maxBytes: number; maxEntryBytes: number }) {
  // A Map iterates in insertion order: re-inserting on every hit keeps the least recently used first.
  const entries = new Map<string, Entry>();
  const reading = new Map<string, Promise<Buffer>>();
  let total = 0;

  function remember(file: string, entry: Entry) {
    const old = entries.get(file);
    if (old) {
      total -= old.bytes.length;
      entries.delete(file);
    }
    entries.set(file, entry);
    total += entry.bytes.length;
    for (const [key, value] of entries) {
      if (total <= limits.maxBytes) break;
      entries.delete(key);
      total -= value.bytes.length;
    }
  }

  return {
    /** The file's current version, or undefined when there is no such file. */
    async read(file: string): Promise<HlsFileBody | undefined> {
      const info = await stat(file).catch(() => undefined);
      if (!info?.isFile()) return undefined;
      const version = `${info.ino}:${info.size}:${info.mtimeMs}`;
      const hit = entries.get(file);
      if (hit?.version === version) {
        entries.delete(file);
        entries.set(file, hit);
        return { size: hit.bytes.length, bytes: hit.bytes };
      }
      if (info.size > limits.maxEntryBytes) {
        return { size: info.size, stream: createReadStream(file, { start: 0, end: info.size - 1 }) };
      }
      const key = `${file}|${version}`;
      let pending = reading.get(key);
      if (!pending) {
        pending = readFile(file).finally(() => reading.delete(key));
        reading.set(key, pending);
        // Kept under the version stat saw. A file replaced between the stat and the read holds newer bytes
        // under an older version, which the next stat no longer matches: read again, never served stale.
        pending.then(
          (bytes) => remember(file, { version, bytes }),
          () => undefined,
        );
      }
      const bytes = await pending.catch(() => undefined);
      // Gone between the stat and the read (ffmpeg deleted an old segment): not there.
      return bytes && { size: bytes.length, bytes };
    },

    /** Bytes held now (for tests). */
    get size(): number {
      return total;
    },
  };
}

export type HlsFileCache = ReturnType<typeof hlsFileCache>;
