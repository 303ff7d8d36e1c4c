import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, describe, expect, it } from 'vitest';
import { AppError } from '../errors.ts';
import { localDiskStorage } from './local-disk.storage.ts';
import { newStorageKey } from './storage.ts';

const root = mkdtempSync(path.join(tmpdir(), 'lectern-storage-'));
const storage = localDiskStorage(root);
afterAll(() => rmSync(root, { recursive: true, force: true }));

const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(path.join(dir, e.name)) : [path.join(dir, e.name)],
  );

describe('local disk storage', () => {
  it('stores, reads back whole or by range, and deletes', async () => {
    const key = newStorageKey(new Date('2026-04-02T00:00:00Z'));
    expect(key).toMatch(/^2026\/04\/[0-9a-f-]{36}$/);
    const stored = await storage.put(key, Readable.from([Buffer.from('hello '), Buffer.from('world')]), {
      maxBytes: 100,
    });
    expect(stored.size).toBe(11);
    expect(stored.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(await text(await storage.get(key))).toBe('hello world');
    expect(await text(await storage.get(key, { start: 6, end: 10 }))).toBe('world');
    await storage.delete(key);
    expect(await storage.exists(key)).toBe(false);
    // Deleting again, or a key never written, is a no-op: sweeps may race with an explicit delete.
    await storage.delete(key);
    await storage.delete('2026/01/never-written');
  });

  it('leaves nothing behind past the size limit', async () => {
    const key = newStorageKey();
    await expect(
      storage.put(key, Readable.from([Buffer.alloc(60), Buffer.alloc(60)]), { maxBytes: 100 }),
    ).rejects.toSatisfy((e: unknown) => e instanceof AppError && e.code === 'payload_too_large');
    expect(files(root)).toEqual([]);
  });

  it('answers a missing key with not_found and refuses keys that leave the root', async () => {
    await expect(storage.get('2026/01/missing')).rejects.toSatisfy(
      (e: unknown) => e instanceof AppError && e.code === 'not_found',
    );
    await expect(storage.put('../escape', Readable.from([]), { maxBytes: 1 })).rejects.toThrow(
      /escapes root/,
    );
    await expect(storage.get('/etc/passwd')).rejects.toThrow(/escapes root/);
  });
});
