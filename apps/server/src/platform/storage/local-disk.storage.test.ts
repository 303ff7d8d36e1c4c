import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { AppError } from '../errors.ts';
import { localDiskStorage } from './local-disk.storage.ts';
import { newStorageKey } from './storage.ts';

// What every driver must do is in storage.contract.test.ts; this covers what only disk can show.
const root = mkdtempSync(path.join(tmpdir(), 'lectern-storage-'));
const storage = localDiskStorage(root);
afterAll(() => rmSync(root, { recursive: true, force: true }));

const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(path.join(dir, e.name)) : [path.join(dir, e.name)],
  );

describe('local disk storage', () => {
  it('keys files by month folders', () => {
    expect(newStorageKey(new Date('2026-04-02T00:00:00Z'))).toMatch(/^2026\/04\/[0-9a-f-]{36}$/);
  });

  it('leaves no partial file on disk past the size limit', async () => {
    const key = newStorageKey();
    await expect(
      storage.put(key, Readable.from([Buffer.alloc(60), Buffer.alloc(60)]), { maxBytes: 100 }),
    ).rejects.toSatisfy((e: unknown) => e instanceof AppError && e.code === 'payload_too_large');
    expect(files(root)).toEqual([]);
  });

  it('lists nothing before the first upload and never an upload still being written', async () => {
    const empty = localDiskStorage(path.join(root, 'not-created-yet'));
    const listed = [];
    for await (const item of empty.list()) listed.push(item);
    expect(listed).toEqual([]);
  });
});
