import { buffer } from 'node:stream/consumers';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploads } from '../../db/schema/uploads.ts';
import { loadConfig } from '../../config.ts';
import { createOrg, createUser, loginAs, type Session } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createStorage } from './create-storage.ts';
import { startS3TestServer, type S3TestServer } from './s3-test-server.ts';
import type { Storage } from './storage.ts';

function pdf(padding: number): Buffer {
  return Buffer.from(
    '%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n' +
      '2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\n' +
      `%${'x'.repeat(padding)}\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n`,
  );
}

function multipartFile(filename: string, data: Buffer) {
  const boundary = `----lectern${Math.random().toString(16).slice(2)}`;
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
          'Content-Type: application/pdf\r\n\r\n',
      ),
      data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  };
}

let s3: S3TestServer;
let t: TestApp;
let teacher: Session;
/** The bucket as another process of the same installation sees it. */
let bucket: Storage;

beforeAll(async () => {
  s3 = await startS3TestServer();
  t = await createTestApp({ ...s3.env, UPLOAD_MAX_BYTES: String(20 * 1024 * 1024) });
  const orgId = (await createOrg(t)).id;
  teacher = await loginAs(t, await createUser(t, orgId));
  bucket = createStorage(loadConfig({ SESSION_SECRET: 'x'.repeat(32), ...s3.env }).storage);
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

const upload = (filename: string, data: Buffer) => {
  const body = multipartFile(filename, data);
  return t.app.inject({
    method: 'POST',
    url: '/api/uploads',
    headers: { ...teacher.headers, 'content-type': body.contentType },
    payload: body.payload,
  });
};

describe('uploads on S3 (STORAGE_DRIVER=s3)', () => {
  it('stores an uploaded file in the bucket and serves it whole and by range', async () => {
    // Past one 8 MiB part, so the upload goes through S3's multipart calls.
    const data = pdf(9 * 1024 * 1024);
    const res = await upload('Lecture 1.pdf', data);
    expect(res.statusCode).toBe(201);
    const id = (res.json() as { id: number }).id;
    const [row] = await t.db.select().from(uploads).where(eq(uploads.id, id));

    expect((await buffer(await bucket.get(row!.storageKey!))).equals(data)).toBe(true);

    const whole = await t.app.inject({
      method: 'GET',
      url: `/api/uploads/${id}/blob`,
      headers: teacher.headers,
    });
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(data)).toBe(true);
    const part = await t.app.inject({
      method: 'GET',
      url: `/api/uploads/${id}/blob`,
      headers: { ...teacher.headers, range: 'bytes=8388600-8388699' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.equals(data.subarray(8388600, 8388700))).toBe(true);
  });

  it('leaves no object in the bucket when the upload is too large', async () => {
    const before: string[] = [];
    for await (const item of bucket.list()) before.push(item.key);
    const res = await upload('huge.pdf', pdf(21 * 1024 * 1024));
    expect(res.statusCode).toBe(413);
    const after: string[] = [];
    for await (const item of bucket.list()) after.push(item.key);
    expect(after.sort()).toEqual(before.sort());
  });
});
