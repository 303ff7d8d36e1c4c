import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer, text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { AppError } from '../errors.ts';
import { checkStorage, createStorage } from './create-storage.ts';
import { startS3TestServer, type S3TestServer } from './s3-test-server.ts';
import { newStorageKey, type Storage } from './storage.ts';

const MiB = 1024 * 1024;
const isCode = (code: string) => (e: unknown) => e instanceof AppError && e.code === code;
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
/** `size` bytes in chunks of 64 KiB, as an upload arrives from a socket. */
function chunked(bytes: Buffer): Readable {
  return Readable.from(
    (function* () {
      for (let at = 0; at < bytes.length; at += 64 * 1024) yield bytes.subarray(at, at + 64 * 1024);
    })(),
  );
}
async function keys(storage: Storage): Promise<string[]> {
  const all: string[] = [];
  for await (const item of storage.list()) all.push(item.key);
  return all.sort();
}

let dataDir: string;
let s3: S3TestServer;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'lectern-storage-'));
  s3 = await startS3TestServer();
});
afterAll(async () => {
  await s3.close();
  rmSync(dataDir, { recursive: true, force: true });
});

// One contract, two drivers: whatever the uploads, previews, zip downloads and backups rely on must hold
// for local disk and for S3 alike.
describe.each([
  { driver: 'local', env: () => ({ DATA_DIR: dataDir }) },
  // A prefix, so the driver is also shown to keep to its part of a shared bucket.
  { driver: 's3', env: () => ({ DATA_DIR: dataDir, ...s3.env, S3_PREFIX: 'lectern/' }) },
])('$driver storage', ({ env }) => {
  let storage: Storage;
  beforeAll(() => {
    storage = createStorage(loadConfig({ SESSION_SECRET: 'x'.repeat(32), ...env() }).storage);
  });

  it('stores, reads back whole or by range, lists, and deletes', async () => {
    const key = newStorageKey(new Date('2026-04-02T00:00:00Z'));
    const stored = await storage.put(key, Readable.from([Buffer.from('hello '), Buffer.from('world')]), {
      maxBytes: 100,
    });
    expect(stored).toEqual({ size: 11, sha256: sha256(Buffer.from('hello world')) });
    expect(await storage.exists(key)).toBe(true);
    expect(await text(await storage.get(key))).toBe('hello world');
    expect(await text(await storage.get(key, { start: 6, end: 10 }))).toBe('world');
    expect(await keys(storage)).toContain(key);
    const listed = [];
    for await (const item of storage.list()) if (item.key === key) listed.push(item);
    expect(listed).toEqual([{ key, size: 11 }]);

    await storage.delete(key);
    expect(await storage.exists(key)).toBe(false);
    expect(await keys(storage)).not.toContain(key);
    // Deleting again, or a key never written, is a no-op: sweeps may race with an explicit delete.
    await storage.delete(key);
    await storage.delete('2026/01/never-written');
  });

  it('streams a file larger than one upload part and reads a range across parts', async () => {
    // 8 MiB parts on S3: 17 MiB takes three, and the range below spans the first boundary.
    const bytes = randomBytes(17 * MiB);
    const key = newStorageKey();
    const stored = await storage.put(key, chunked(bytes), { maxBytes: 20 * MiB });
    expect(stored).toEqual({ size: bytes.length, sha256: sha256(bytes) });
    const start = 8 * MiB - 10;
    const end = 8 * MiB + 99;
    expect(
      (await buffer(await storage.get(key, { start, end }))).equals(bytes.subarray(start, end + 1)),
    ).toBe(true);
    expect(sha256(await buffer(await storage.get(key)))).toBe(sha256(bytes));
    await storage.delete(key);
  });

  it('leaves nothing under the key past the size limit, even many parts in', async () => {
    const before = await keys(storage);
    const small = newStorageKey();
    await expect(
      storage.put(small, Readable.from([Buffer.alloc(60), Buffer.alloc(60)]), { maxBytes: 100 }),
    ).rejects.toSatisfy(isCode('payload_too_large'));
    const large = newStorageKey();
    await expect(
      storage.put(large, chunked(randomBytes(18 * MiB)), { maxBytes: 17 * MiB }),
    ).rejects.toSatisfy(isCode('payload_too_large'));
    expect(await storage.exists(small)).toBe(false);
    expect(await storage.exists(large)).toBe(false);
    expect(await keys(storage)).toEqual(before);
  });

  it('leaves nothing when the body fails or was cut at the multipart limit', async () => {
    const before = await keys(storage);
    // More than a part arrives before the client goes away, so S3 has a multipart upload to abort.
    const failing = Readable.from(
      (async function* () {
        yield randomBytes(9 * MiB);
        throw new Error('client went away');
      })(),
    );
    const key = newStorageKey();
    await expect(storage.put(key, failing, { maxBytes: 100 * MiB })).rejects.toThrow(/client went away/);

    // @fastify/multipart ends a file stream quietly at its size limit, flagging it `truncated`.
    const cut = Object.assign(Readable.from([Buffer.from('partial')]), { truncated: true });
    const cutKey = newStorageKey();
    await expect(storage.put(cutKey, cut, { maxBytes: 100 })).rejects.toSatisfy(isCode('payload_too_large'));

    expect(await storage.exists(key)).toBe(false);
    expect(await storage.exists(cutKey)).toBe(false);
    expect(await keys(storage)).toEqual(before);
  });

  it('answers a missing key with not_found and refuses keys that leave the root', async () => {
    await expect(storage.get('2026/01/missing')).rejects.toSatisfy(isCode('not_found'));
    expect(await storage.exists('2026/01/missing')).toBe(false);
    await expect(storage.put('../escape', Readable.from([]), { maxBytes: 1 })).rejects.toThrow(
      /escapes root/,
    );
    await expect(storage.get('/etc/passwd')).rejects.toThrow(/escapes root/);
  });
});

describe('the start-up check of storage', () => {
  const s3Config = (env: Record<string, string>) =>
    loadConfig({ SESSION_SECRET: 'x'.repeat(32), DATA_DIR: dataDir, ...s3.env, ...env }).storage;

  it('passes a reachable bucket and names the problem with a missing one or an unknown key', async () => {
    await expect(checkStorage(s3Config({}))).resolves.toBeUndefined();
    await expect(checkStorage(s3Config({ S3_BUCKET: 'no-such-bucket' }))).rejects.toThrow(
      /"no-such-bucket" .* does not exist/,
    );
    // s3rver knows one access key; it does not check V4 signatures, so a wrong secret would pass here.
    await expect(checkStorage(s3Config({ S3_ACCESS_KEY_ID: 'nobody' }))).rejects.toThrow(/cannot be used/);
    await expect(
      checkStorage(loadConfig({ SESSION_SECRET: 'x'.repeat(32), DATA_DIR: dataDir }).storage),
    ).resolves.toBeUndefined();
  });
});

describe('storage configuration', () => {
  const base = { SESSION_SECRET: 'x'.repeat(32), DATA_DIR: '/srv/lectern' };

  it('defaults to DATA_DIR/uploads on local disk', () => {
    expect(loadConfig(base).storage).toEqual({ driver: 'local', root: path.resolve('/srv/lectern/uploads') });
  });

  it('reads the S3 settings and refuses incomplete ones', () => {
    expect(
      loadConfig({
        ...base,
        STORAGE_DRIVER: 's3',
        S3_ENDPOINT: 'http://minio:9000',
        S3_BUCKET: 'lectern',
        S3_ACCESS_KEY_ID: 'id',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_FORCE_PATH_STYLE: 'true',
      }).storage,
    ).toEqual({
      driver: 's3',
      s3: {
        endpoint: 'http://minio:9000',
        bucket: 'lectern',
        region: 'us-east-1',
        credentials: { accessKeyId: 'id', secretAccessKey: 'secret' },
        forcePathStyle: true,
        prefix: '',
      },
    });
    // No keys: the SDK's own chain (an instance role on AWS).
    expect(loadConfig({ ...base, STORAGE_DRIVER: 's3', S3_BUCKET: 'b' }).storage).toMatchObject({
      s3: { endpoint: undefined, credentials: undefined },
    });
    expect(() => loadConfig({ ...base, STORAGE_DRIVER: 's3' })).toThrow(/S3_BUCKET: required/);
    expect(() =>
      loadConfig({ ...base, STORAGE_DRIVER: 's3', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'id' }),
    ).toThrow(/set both/);
    expect(() => loadConfig({ ...base, STORAGE_DRIVER: 's3', S3_BUCKET: 'b', S3_PREFIX: 'lectern' })).toThrow(
      /S3_PREFIX/,
    );
    expect(() => loadConfig({ ...base, STORAGE_DRIVER: 'ftp' })).toThrow(/STORAGE_DRIVER/);
  });
});
