import { closeSync, existsSync, openSync, readdirSync, writeSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { Readable } from 'node:stream';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app.ts';
import { uploads } from '../db/schema/uploads.ts';
import { createOrg, createUser, loginAs, type Session } from '../test/factories.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { openDatabase, type DatabaseHandle } from './database.ts';
import type { Storage } from './storage/storage.ts';

/**
 * What users see when what Lectern stands on fails: the database out of reach (a restart, a network
 * cut) answers 503 at once with a message and the app carries on by itself when it is back; a full
 * disk answers 507 and leaves no partial file and no row behind.
 */

/** A TCP proxy in front of PostgreSQL that the test can cut (every connection dropped, new ones refused) and restore. */
async function databaseProxy(target: URL) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  let port = 0;
  const open = () =>
    new Promise<void>((resolve, reject) => {
      const next = net.createServer((client) => {
        const upstream = net.connect(Number(target.port || 5432), target.hostname);
        const drop = () => {
          client.destroy();
          upstream.destroy();
          sockets.delete(client);
          sockets.delete(upstream);
        };
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('error', drop);
          socket.on('close', drop);
        }
        client.pipe(upstream);
        upstream.pipe(client);
      });
      next.once('error', reject);
      next.listen(port, '127.0.0.1', () => {
        port = (next.address() as net.AddressInfo).port;
        server = next;
        resolve();
      });
    });
  await open();
  return {
    url(): string {
      const url = new URL(target);
      url.hostname = '127.0.0.1';
      url.port = String(port);
      return url.toString();
    },
    async cut(): Promise<void> {
      const closing = new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
      for (const socket of sockets) socket.destroy();
      sockets.clear();
      await closing;
      server = undefined;
    },
    restore: open,
  };
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('the database out of reach', () => {
  let t: TestApp;
  let proxy: Awaited<ReturnType<typeof databaseProxy>>;
  let proxied: { app: App; database: DatabaseHandle };
  let session: Session;

  beforeAll(async () => {
    t = await createTestApp();
    proxy = await databaseProxy(new URL(t.config.databaseUrl ?? ''));
    const database = await openDatabase({ url: proxy.url(), poolSize: 3, onConnectionLost: () => {} });
    const config = { ...t.config, databaseUrl: proxy.url() };
    proxied = { app: await buildApp({ config, database, logger: false, serveWeb: false }), database };
    await proxied.app.ready();
    session = await loginAs(t, await createUser(t, (await createOrg(t)).id));
  });

  afterAll(async () => {
    await proxy.restore().catch(() => {});
    await proxied.app.close();
    await proxied.database.close();
    await t.close();
  });

  const call = (method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: object) =>
    proxied.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

  it('answers 503 with a message at once, for signed-in and new callers, and recovers by itself', async () => {
    expect((await call('GET', '/api/user', session.headers)).statusCode).toBe(200);

    await proxy.cut();
    const started = Date.now();
    // Signed in a moment ago (its session is cached) and signed in but never seen (its session must be read).
    const fresh = await loginAs(t, await createUser(t, (await createOrg(t)).id));
    for (const headers of [session.headers, fresh.headers]) {
      const res = await call('GET', '/api/user', headers);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ code: 'service_unavailable' });
      expect(res.json().message).toMatch(/database cannot be reached/i);
    }
    const write = await call('POST', '/api/course', session.headers, { name: 'Optics' });
    expect(write.statusCode).toBe(503);
    const login = await proxied.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { login: 'nobody', password: 'whatever-it-is' },
    });
    expect(login.statusCode).toBe(503);
    expect((await call('GET', '/api/health', {})).statusCode).toBe(503);
    expect(Date.now() - started).toBeLessThan(5_000);

    await proxy.restore();
    let status = 0;
    for (let i = 0; i < 50 && status !== 200; i += 1) {
      status = (await call('GET', '/api/user', fresh.headers)).statusCode;
      if (status !== 200) await new Promise((r) => setTimeout(r, 100));
    }
    expect(status).toBe(200);
    expect((await call('GET', '/api/health', {})).statusCode).toBe(200);
  });
});

/**
 * The local-disk driver writing to a disk that fills up part-way: after the first 64 KiB every chunk
 * is also written to /dev/full, whose kernel driver answers ENOSPC exactly as a full filesystem does,
 * and that error fails the upload's stream while the driver's temporary file already holds bytes.
 */
function fillingDisk(storage: Storage): Storage {
  return {
    ...storage,
    put(key, body: Readable, options) {
      async function* filling(): AsyncGenerator<Buffer> {
        let passed = 0;
        for await (const chunk of body as AsyncIterable<Buffer>) {
          passed += chunk.length;
          if (passed > 64 * 1024) {
            const fd = openSync('/dev/full', 'w');
            try {
              writeSync(fd, chunk);
            } finally {
              closeSync(fd);
            }
          }
          yield chunk;
        }
      }
      return storage.put(key, Readable.from(filling()), options);
    },
  };
}

describe.skipIf(!existsSync('/dev/full'))('a full disk while uploading', () => {
  let t: TestApp;
  let session: Session;

  beforeAll(async () => {
    t = await createTestApp({}, { wrapStorage: fillingDisk });
    session = await loginAs(t, await createUser(t, (await createOrg(t)).id));
  });
  afterAll(async () => t.close());

  const storedFiles = (): string[] => {
    const walk = (dir: string): string[] =>
      existsSync(dir)
        ? readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
            e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)],
          )
        : [];
    return walk(path.join(t.config.dataDir, 'uploads'));
  };

  function upload(data: Buffer) {
    const boundary = '----lectern-disk-full';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="notes.txt"\r\n` +
          'Content-Type: text/plain\r\n\r\n',
      ),
      data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: { ...session.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
  }

  it('answers 507 with a message and leaves no partial file and no row', async () => {
    const small = await upload(Buffer.from('fits before the disk fills\n'));
    expect(small.statusCode).toBe(201);
    const [before] = await t.db.select({ n: count() }).from(uploads);
    const filesBefore = storedFiles();

    const res = await upload(Buffer.alloc(512 * 1024, 'lecture notes\n'));
    expect(res.statusCode).toBe(507);
    expect(res.json()).toMatchObject({ code: 'insufficient_storage' });
    expect(res.json().message).toMatch(/out of storage space/);

    const [after] = await t.db.select({ n: count() }).from(uploads);
    expect(after?.n).toBe(before?.n);
    expect(storedFiles()).toEqual(filesBefore);
  });
});
