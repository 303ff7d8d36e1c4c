import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, opendir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { notFound } from '../errors.ts';
import { byteMeter } from './byte-meter.ts';
import type { Storage, StoredObject } from './storage.ts';

/** Keeps bytes under one directory. Writes go to a temporary name first, so a failed upload leaves no file. */
export function localDiskStorage(root: string): Storage {
  const base = path.resolve(root);
  const resolve = (key: string) => {
    const full = path.resolve(base, key);
    if (!full.startsWith(base + path.sep)) throw new Error(`storage key escapes root: ${key}`);
    return full;
  };

  return {
    async put(key, body, { maxBytes }) {
      const target = resolve(key);
      await mkdir(path.dirname(target), { recursive: true });
      const temporary = `${target}.partial-${randomUUID()}`;
      const meter = byteMeter(body, maxBytes);
      try {
        await pipeline(body, meter.stream, createWriteStream(temporary, { flags: 'wx' }));
        await rename(temporary, target);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
      return meter.stored();
    },

    async get(key, range) {
      const full = resolve(key);
      try {
        await stat(full);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw notFound();
        throw error;
      }
      return createReadStream(full, range ? { start: range.start, end: range.end } : {});
    },

    async delete(key) {
      await rm(resolve(key), { force: true });
    },

    async exists(key) {
      try {
        return (await stat(resolve(key))).isFile();
      } catch {
        return false;
      }
    },

    async *list(): AsyncIterable<StoredObject> {
      yield* walk(base, base);
    },
  };
}

async function* walk(base: string, dir: string): AsyncGenerator<StoredObject> {
  let entries;
  try {
    entries = await opendir(dir);
  } catch (error) {
    // Nothing uploaded yet: the root is created by the first put.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  for await (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      yield* walk(base, full);
    } else if (entry.isFile() && !entry.name.includes('.partial-')) {
      // Keys use '/' whatever the platform's separator; partial files are uploads still in progress.
      const key = path.relative(base, full).split(path.sep).join('/');
      yield { key, size: (await stat(full)).size };
    }
  }
}
