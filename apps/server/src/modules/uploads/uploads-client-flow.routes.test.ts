import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrg, createUser, loginAs, type Session } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

// The original system's clients declare a file with their own body, then PUT it as a multipart form to
// the upload_url they are given.

let t: TestApp;
let owner: Session;
let other: Session;

beforeAll(async () => {
  t = await createTestApp({ UPLOAD_MAX_BYTES: '50000' });
  const orgId = (await createOrg(t)).id;
  owner = await loginAs(t, await createUser(t, orgId));
  other = await loginAs(t, await createUser(t, orgId));
});
afterAll(async () => t.close());

const clientBody = (name: string, size: number) => ({
  name,
  size,
  parent_type: null,
  parent_id: 0,
  is_scorm: false,
  is_wmpkg: false,
  source: '',
  is_marked_attachment: false,
  embed_material_type: '',
});

function multipartFile(field: string, filename: string, data: Buffer) {
  const boundary = `----client${Math.random().toString(16).slice(2)}`;
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
          'Content-Type: application/octet-stream\r\n\r\n',
      ),
      data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  };
}

const declare = (session: Session, body: object) =>
  t.app.inject({ method: 'POST', url: '/api/uploads', headers: session.headers, payload: body });

const putForm = (session: Session, url: string, field: string, filename: string, data: Buffer) => {
  const form = multipartFile(field, filename, data);
  return t.app.inject({
    method: 'PUT',
    url,
    headers: { ...session.headers, 'content-type': form.contentType },
    payload: form.payload,
  });
};

const text = (n: number) => Buffer.from('homework answer\n'.repeat(n));

describe("the clients' upload body", () => {
  it('declares, is told where to PUT the file, then serves the bytes', async () => {
    const data = text(40);
    const declared = await declare(owner, clientBody('answer.txt', data.length));
    expect(declared.statusCode).toBe(201);
    const upload = declared.json();
    expect(upload).toMatchObject({ status: 'pending', size: data.length, name: 'answer.txt' });
    expect(upload.upload_url).toBe(`/api/uploads/${upload.id}/content`);

    const sent = await putForm(owner, upload.upload_url, 'file', 'answer.txt', data);
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({ id: upload.id, status: 'ready', mime_type: 'text/plain' });
    expect(sent.json().upload_url).toBeUndefined();

    const blob = await t.app.inject({
      method: 'GET',
      url: `/api/uploads/${upload.id}/blob`,
      headers: owner.headers,
    });
    expect(blob.statusCode).toBe(200);
    expect(blob.rawPayload.equals(data)).toBe(true);

    const again = await putForm(owner, upload.upload_url, 'file', 'answer.txt', data);
    expect(again.statusCode).toBe(409);
  });

  it('keeps the limits of the two-step flow: size declared and sent, type, uploader, field name', async () => {
    const tooBig = await declare(owner, clientBody('video.mp4', 50_001));
    expect(tooBig.statusCode).toBe(413);

    const data = text(10);
    const upload = (await declare(owner, clientBody('notes.txt', data.length))).json();
    const short = await putForm(owner, upload.upload_url, 'file', 'notes.txt', data.subarray(1));
    expect(short.statusCode).toBe(400);
    expect(Object.keys(short.json().errors)).toEqual(['size']);

    const wrongField = await putForm(owner, upload.upload_url, 'attachment', 'notes.txt', data);
    expect(wrongField.statusCode).toBe(400);
    expect(Object.keys(wrongField.json().errors)).toEqual(['file']);

    const stranger = await putForm(other, upload.upload_url, 'file', 'notes.txt', data);
    expect(stranger.statusCode).toBe(403);

    // A program named as a document is refused as it is in a one-step upload.
    const exe = Buffer.alloc(512);
    exe.write('MZ', 0, 'ascii');
    exe.writeUInt32LE(0x80, 0x3c);
    exe.write('PE\0\0', 0x80, 'ascii');
    const disguised = (await declare(owner, clientBody('setup.txt', exe.length))).json();
    const refused = await putForm(owner, disguised.upload_url, 'file', 'setup.txt', exe);
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect(refused.statusCode).toBeLessThan(500);
    const status = await t.app.inject({
      method: 'GET',
      url: `/api/uploads/${disguised.id}`,
      headers: owner.headers,
    });
    expect(status.json().status).toBe('pending');

    const sent = await putForm(owner, upload.upload_url, 'file', 'notes.txt', data);
    expect(sent.statusCode).toBe(200);
  });

  it('reads parent_id 0 as no parent, but still wants an id when a parent type is given', async () => {
    const noParent = await declare(owner, { ...clientBody('a.txt', 5), parent_type: null, parent_id: 0 });
    expect(noParent.statusCode).toBe(201);
    const typed = await declare(owner, {
      ...clientBody('a.txt', 5),
      parent_type: 'learning_activity',
      parent_id: 0,
    });
    expect(typed.statusCode).toBe(400);
    expect(Object.keys(typed.json().errors)).toEqual(['parent_id']);
  });
});
