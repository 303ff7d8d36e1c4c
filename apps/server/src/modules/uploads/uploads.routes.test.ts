import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { recycleBinItems } from '../../db/schema/courses.ts';
import { uploadReferences, uploads } from '../../db/schema/uploads.ts';
import { createCourseTeam } from '../../test/course-team-factories.ts';
import {
  createActivity,
  createCourse,
  createModule,
  createOrg,
  createUser,
  loginAs,
  type Session,
} from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

// ---- real file bytes -------------------------------------------------------------------------------

/** A small but valid PDF; `padding` grows it without breaking it. */
function pdfBytes(padding = 0): Buffer {
  return Buffer.from(
    '%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n' +
      '2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\n' +
      `%${'x'.repeat(padding)}\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n`,
  );
}

function crc32(bytes: Buffer): number {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k += 1) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

/** A valid 1×1 RGB PNG. */
function pngBytes(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1, 0);
  header.writeUInt32BE(1, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.from([0, 255, 0, 0]))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The start of a Windows PE executable: enough for any sniffer to call it a program. */
function exeBytes(): Buffer {
  const bytes = Buffer.alloc(512);
  bytes.write('MZ', 0, 'ascii');
  bytes.writeUInt32LE(0x80, 0x3c);
  bytes.write('PE\0\0', 0x80, 'ascii');
  return bytes;
}

// ---- multipart by hand ---------------------------------------------------------------------------

type Part = { name: string; value: string } | { name: string; filename: string; data: Buffer; type?: string };

function multipart(parts: Part[]): { payload: Buffer; contentType: string } {
  const boundary = `----lectern${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if ('value' in part) {
      chunks.push(
        Buffer.from(`Content-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`),
      );
    } else {
      chunks.push(
        Buffer.from(
          `Content-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\n` +
            `Content-Type: ${part.type ?? 'application/octet-stream'}\r\n\r\n`,
        ),
        part.data,
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

// ---- fixture ---------------------------------------------------------------------------------------

let t: TestApp;
let orgId: number;
let teacher: { id: number };
let courseId: number;
let moduleId: number;
let teacherSession: Session;
let studentSession: Session;
let outsiderSession: Session;
let adminSession: Session;

beforeAll(async () => {
  t = await createTestApp();
  const team = await createCourseTeam(t, {
    student: 'student',
    outsider: null,
    admin: { role: null, user: { orgRole: 'admin' } },
  });
  ({ orgId, courseId, moduleId } = team);
  teacher = team.users.owner;
  ({
    owner: teacherSession,
    student: studentSession,
    outsider: outsiderSession,
    admin: adminSession,
  } = team.sessions);
});
afterAll(async () => t.close());

function uploadFile(
  session: Session,
  file: { filename: string; data: Buffer },
  fields: Record<string, string> = {},
  app: TestApp = t,
) {
  const body = multipart([
    ...Object.entries(fields).map(([name, value]) => ({ name, value })),
    { name: 'file', ...file },
  ]);
  return app.app.inject({
    method: 'POST',
    url: '/api/uploads',
    headers: { ...session.headers, 'content-type': body.contentType },
    payload: body.payload,
  });
}

async function uploaded(session: Session, file: { filename: string; data: Buffer }, fields = {}) {
  const res = await uploadFile(session, file, fields);
  expect(res.statusCode).toBe(201);
  return res.json() as { id: number; name: string; size: number };
}

const storedFiles = (app: TestApp): string[] => {
  const root = path.join(app.config.dataDir, 'uploads');
  if (!existsSync(root)) return [];
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)],
    );
  return walk(root);
};

const get = (session: Session, url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { ...session.headers, ...headers } });

/** A published (or draft) activity of the course with these uploads attached, made through the API. */
async function activityWith(uploadIds: number[], published = true) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/courses/${courseId}/activities`,
    headers: teacherSession.headers,
    payload: { type: 'material', module_id: moduleId, title: 'Files', uploads: uploadIds, published },
  });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: number; uploads: { id: number; upload_id: number; can_download: boolean }[] };
}

// ---- tests -----------------------------------------------------------------------------------------

/** Deletes for good, as an instructor would from the recycle bin, what was deleted (decision 0015). */
async function purgeFromBin(type: 'activity' | 'module' | 'course', itemId: number) {
  const items = await t.db.select().from(recycleBinItems).where(eq(recycleBinItems.itemId, itemId));
  const item = items.find((i) => i.itemType === type);
  if (!item) throw new Error(`${type} ${itemId} is not in a recycle bin`);
  const res = await t.app.inject({
    method: 'DELETE',
    url: `/api/recycle-bin/${item.id}`,
    headers: teacherSession.headers,
  });
  expect(res.statusCode).toBe(200);
}

describe('multipart upload', () => {
  it('stores a PDF, typed by its bytes, under a server-chosen key', async () => {
    const data = pdfBytes();
    const res = await uploadFile(teacherSession, { filename: '../../Lecture 1.pdf', data });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      name: 'Lecture 1.pdf',
      size: data.length,
      type: 'document',
      mime_type: 'application/pdf',
      status: 'ready',
      deleted: false,
      allow_download: true,
      created_by: { id: teacher.id },
    });
    const [row] = await t.db.select().from(uploads).where(eq(uploads.id, res.json().id));
    expect(row?.storageKey).toMatch(/^\d{4}\/\d{2}\/[0-9a-f-]{36}$/);
    expect(storedFiles(t).some((f) => f.endsWith(row?.storageKey?.split('/')[2] ?? '?'))).toBe(true);
  });

  it('takes the form fields sent before the file', async () => {
    const res = await uploadFile(
      teacherSession,
      { filename: 'p.png', data: pngBytes() },
      { allow_download: '0' },
    );
    expect(res.json()).toMatchObject({ allow_download: false, type: 'image', mime_type: 'image/png' });
  });

  it('refuses a .pdf name holding PNG bytes with 415', async () => {
    const res = await uploadFile(teacherSession, { filename: 'fake.pdf', data: pngBytes() });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({
      code: 'unsupported_media_type',
      message: 'The file content does not match its ".pdf" extension.',
    });
  });

  it('refuses executables whatever they are called', async () => {
    const named = await uploadFile(teacherSession, { filename: 'setup.exe', data: exeBytes() });
    expect(named.statusCode).toBe(415);
    const disguised = await uploadFile(teacherSession, { filename: 'notes.pdf', data: exeBytes() });
    expect(disguised.statusCode).toBe(415);
    expect(disguised.json().message).toBe('Programs and installers cannot be uploaded.');
  });

  it('accepts UTF-8 text under a text name and refuses other bytes there', async () => {
    const csv = await uploadFile(teacherSession, {
      filename: 'grades.csv',
      data: Buffer.from('name,score\n张三,90\n'),
    });
    expect(csv.statusCode).toBe(201);
    expect(csv.json()).toMatchObject({ mime_type: 'text/csv', type: 'document' });
    const before = storedFiles(t).length;
    const latin1 = await uploadFile(teacherSession, {
      filename: 'notes.txt',
      data: Buffer.concat([Buffer.from('caf'), Buffer.from([0xe9]), Buffer.from(' au lait\n')]),
    });
    expect(latin1.statusCode).toBe(415);
    expect(latin1.json().message).toBe('Text files must be encoded in UTF-8.');
    const unknown = await uploadFile(teacherSession, { filename: 'blob.bin', data: Buffer.from([1, 2, 3]) });
    expect(unknown.statusCode).toBe(415);
    expect(storedFiles(t)).toHaveLength(before);
  });

  it('asks for the file when the form has none', async () => {
    const body = multipart([{ name: 'allow_download', value: '1' }]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: { ...teacherSession.headers, 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.file).toEqual(['Choose a file to upload.']);
  });

  it('answers malformed multipart framing with 400, not a server error', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: { ...teacherSession.headers, 'content-type': 'multipart/form-data' },
      payload: 'garbage',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The upload form is malformed.');
  });
});

describe('size limit', () => {
  let small: TestApp;
  let session: Session;

  beforeAll(async () => {
    small = await createTestApp({ UPLOAD_MAX_BYTES: '6000' });
    const org = await createOrg(small);
    session = await loginAs(small, await createUser(small, org.id));
  });
  afterAll(async () => small.close());

  it('answers 413 for a file over the limit and leaves no row and no file', async () => {
    const res = await uploadFile(session, { filename: 'big.pdf', data: pdfBytes(20_000) }, {}, small);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({
      code: 'payload_too_large',
      message: 'The file can be at most 5.9 KB.',
    });
    expect(await small.db.select().from(uploads)).toHaveLength(0);
    expect(storedFiles(small)).toEqual([]);
  });

  it('answers 413 for a file just over the limit, cut by the transport', async () => {
    const res = await uploadFile(
      session,
      { filename: 'edge.pdf', data: pdfBytes(6_000 - pdfBytes().length + 1) },
      {},
      small,
    );
    expect(res.statusCode).toBe(413);
    expect(storedFiles(small)).toEqual([]);
  });

  it('accepts a file of exactly the limit', async () => {
    const data = pdfBytes(6_000 - pdfBytes().length);
    expect(data.length).toBe(6_000);
    const res = await uploadFile(session, { filename: 'exact.pdf', data }, {}, small);
    expect(res.statusCode).toBe(201);
  });

  it('refuses a metadata declaration over the limit', async () => {
    const res = await small.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: session.headers,
      payload: { name: 'big.mp4', size: 6_001 },
    });
    expect(res.statusCode).toBe(413);
  });
});

describe('metadata-first upload', () => {
  const putContent = (session: Session, id: number, data: Buffer) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/uploads/${id}/content`,
      headers: { ...session.headers, 'content-type': 'application/octet-stream' },
      payload: data,
    });

  it('goes pending → content → ready, only for its creator and only once, at the declared size', async () => {
    const data = pdfBytes(100);
    const declared = await t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: teacherSession.headers,
      payload: { name: 'slides.pdf', size: data.length },
    });
    expect(declared.statusCode).toBe(201);
    expect(declared.json()).toMatchObject({ status: 'pending', size: data.length, mime_type: null });
    const id = declared.json().id as number;

    const stranger = await putContent(studentSession, id, data);
    expect(stranger.statusCode).toBe(403);

    const short = await putContent(teacherSession, id, data.subarray(0, data.length - 1));
    expect(short.statusCode).toBe(400);
    expect(short.json().errors.size).toEqual([
      `The bytes received do not match the declared size of ${data.length} bytes.`,
    ]);
    const long = await putContent(teacherSession, id, Buffer.concat([data, Buffer.from('!')]));
    expect(long.statusCode).toBe(400);
    expect((await get(teacherSession, `/api/uploads/${id}`)).json().status).toBe('pending');

    const sent = await putContent(teacherSession, id, data);
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({
      id,
      status: 'ready',
      mime_type: 'application/pdf',
      size: data.length,
    });

    const again = await putContent(teacherSession, id, data);
    expect(again.statusCode).toBe(409);
    expect((await get(teacherSession, `/api/uploads/${id}/blob`)).rawPayload.equals(data)).toBe(true);
  });

  it('wants raw bytes and a name', async () => {
    const declared = await t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: teacherSession.headers,
      payload: { name: 'a.pdf', size: 10 },
    });
    const json = await t.app.inject({
      method: 'PUT',
      url: `/api/uploads/${declared.json().id}/content`,
      headers: teacherSession.headers,
      payload: { bytes: 'nope' },
    });
    expect(json.statusCode).toBe(415);
    const nameless = await t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: teacherSession.headers,
      payload: { name: ' ', size: 10 },
    });
    expect(nameless.statusCode).toBe(400);
    expect(nameless.json().errors.name).toEqual(['Give the file a name.']);
  });
});

describe('download', () => {
  it('streams the bytes with type, length and a UTF-8 file name', async () => {
    const data = pdfBytes(50);
    const file = await uploaded(teacherSession, { filename: '课程 讲义.pdf', data });
    const res = await get(teacherSession, `/api/uploads/${file.id}/blob`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(Number(res.headers['content-length'])).toBe(data.length);
    expect(res.headers['accept-ranges']).toBe('bytes');
    const disposition = String(res.headers['content-disposition']);
    expect(disposition.startsWith('attachment; filename="')).toBe(true);
    expect(disposition).toContain(`filename*=UTF-8''%E8%AF%BE%E7%A8%8B%20%E8%AE%B2%E4%B9%89.pdf`);
    expect(res.rawPayload.equals(data)).toBe(true);

    const preview = await get(teacherSession, `/api/uploads/${file.id}/blob?preview=1`);
    expect(String(preview.headers['content-disposition']).startsWith('inline;')).toBe(true);
  });

  it('serves one byte range with 206, and 416 past the end', async () => {
    const data = pdfBytes(200);
    const file = await uploaded(teacherSession, { filename: 'video-ish.pdf', data });
    const part = await get(teacherSession, `/api/uploads/${file.id}/blob`, { range: 'bytes=10-19' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 10-19/${data.length}`);
    expect(Number(part.headers['content-length'])).toBe(10);
    expect(part.rawPayload.equals(data.subarray(10, 20))).toBe(true);

    const tail = await get(teacherSession, `/api/uploads/${file.id}/blob`, { range: 'bytes=-5' });
    expect(tail.rawPayload.equals(data.subarray(data.length - 5))).toBe(true);

    const beyond = await get(teacherSession, `/api/uploads/${file.id}/blob`, {
      range: `bytes=${data.length}-`,
    });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${data.length}`);
  });

  it('hides another user’s unattached file', async () => {
    const file = await uploaded(teacherSession, { filename: 'private.pdf', data: pdfBytes() });
    expect((await get(studentSession, `/api/uploads/${file.id}/blob`)).statusCode).toBe(404);
    expect((await get(studentSession, `/api/uploads/${file.id}`)).statusCode).toBe(404);
    expect((await get(adminSession, `/api/uploads/${file.id}`)).statusCode).toBe(200);
  });
});

describe('attachments', () => {
  it('lets a student download an attachment only when download is allowed; the teacher always', async () => {
    const locked = await uploaded(
      teacherSession,
      { filename: 'locked.pdf', data: pdfBytes() },
      { allow_download: 'false' },
    );
    const open = await uploaded(teacherSession, { filename: 'open.pdf', data: pdfBytes(3) });
    const activity = await activityWith([locked.id, open.id]);
    expect(activity.uploads.map((u) => u.upload_id)).toEqual([locked.id, open.id]);

    const refs = await get(studentSession, `/api/activities/${activity.id}/upload_references`);
    expect(refs.statusCode).toBe(200);
    const [lockedRef, openRef] = refs.json().references as {
      id: number;
      can_download: boolean;
      name: string;
    }[];
    expect(lockedRef).toMatchObject({ name: 'locked.pdf', can_download: false, allow_download: false });
    expect(openRef).toMatchObject({ name: 'open.pdf', can_download: true });

    const refused = await get(studentSession, `/api/uploads/reference/${lockedRef!.id}/blob`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('This file may not be downloaded.');
    expect((await get(studentSession, `/api/uploads/${locked.id}/blob`)).statusCode).toBe(403);
    expect((await get(studentSession, `/api/uploads/reference/${openRef!.id}/blob`)).statusCode).toBe(200);
    expect((await get(teacherSession, `/api/uploads/reference/${lockedRef!.id}/blob`)).statusCode).toBe(200);

    // Viewing in the page is part of seeing the activity; only taking a copy is governed by allow_download.
    expect(lockedRef).toMatchObject({ can_preview: true });
    const viewed = await get(studentSession, `/api/uploads/reference/${lockedRef!.id}/blob?preview=1`);
    expect(viewed.statusCode).toBe(200);
    expect(String(viewed.headers['content-disposition']).startsWith('inline;')).toBe(true);

    // Attached to an activity the student can see, the file's status becomes readable to them.
    expect((await get(studentSession, `/api/uploads/${locked.id}`)).statusCode).toBe(200);
    expect((await get(outsiderSession, `/api/uploads/${locked.id}`)).statusCode).toBe(404);
  });

  it('keeps attachments of a draft from students', async () => {
    const file = await uploaded(teacherSession, { filename: 'draft.pdf', data: pdfBytes() });
    const draft = await activityWith([file.id], false);
    const refId = draft.uploads[0]!.id;
    expect((await get(studentSession, `/api/uploads/reference/${refId}/blob`)).statusCode).toBe(403);
    expect((await get(studentSession, `/api/activities/${draft.id}/upload_references`)).statusCode).toBe(404);
    expect((await get(studentSession, `/api/uploads/${file.id}/blob`)).statusCode).toBe(404);
  });

  it('refuses to attach files the caller cannot use', async () => {
    const othersFile = await uploaded(outsiderSession, { filename: 'theirs.pdf', data: pdfBytes() });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/courses/${courseId}/activities`,
      headers: teacherSession.headers,
      payload: { type: 'material', module_id: moduleId, title: 'Borrowed', uploads: [othersFile.id, 999999] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.uploads).toEqual([
      `File ${othersFile.id} does not exist, has not finished uploading, or is not available to you.`,
      'File 999999 does not exist, has not finished uploading, or is not available to you.',
    ]);
  });

  it('replaces attachments on update, keeping the reference ids that stay', async () => {
    const a = await uploaded(teacherSession, { filename: 'a.pdf', data: pdfBytes() });
    const b = await uploaded(teacherSession, { filename: 'b.pdf', data: pdfBytes(1) });
    const c = await uploaded(teacherSession, { filename: 'c.pdf', data: pdfBytes(2) });
    const activity = await activityWith([a.id, b.id]);
    const bRef = activity.uploads[1]!.id;
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/activities/${activity.id}`,
      headers: teacherSession.headers,
      payload: { uploads: [c.id, b.id] },
    });
    expect(res.statusCode).toBe(200);
    const refs = res.json().uploads as { id: number; upload_id: number; sort: number }[];
    expect(refs.map((r) => r.upload_id)).toEqual([c.id, b.id]);
    expect(refs[1]).toMatchObject({ id: bRef, sort: 1 });
  });

  it('keeps the references while the activity is in the recycle bin and drops them when it is purged', async () => {
    const file = await uploaded(teacherSession, { filename: 'gone.pdf', data: pdfBytes() });
    const activity = await activityWith([file.id]);
    await t.app.inject({
      method: 'DELETE',
      url: `/api/activities/${activity.id}`,
      headers: teacherSession.headers,
    });
    const refs = () => t.db.select().from(uploadReferences).where(eq(uploadReferences.parentId, activity.id));
    expect(await refs()).toHaveLength(1);
    await purgeFromBin('activity', activity.id);
    expect(await refs()).toHaveLength(0);
    expect((await get(teacherSession, `/api/uploads/${file.id}`)).statusCode).toBe(200);
  });

  it('drops the references of activities that go with their module or their course', async () => {
    const attach = async (course: number, module: number, uploadId: number) => {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/courses/${course}/activities`,
        headers: teacherSession.headers,
        payload: { type: 'material', module_id: module, title: 'Files', uploads: [uploadId] },
      });
      expect(res.statusCode).toBe(201);
      return res.json().id as number;
    };
    const referencesOf = (activityId: number) =>
      t.db.select().from(uploadReferences).where(eq(uploadReferences.parentId, activityId));

    const file = await uploaded(teacherSession, { filename: 'shared.pdf', data: pdfBytes() });
    const doomedModule = (await createModule(t, courseId)).id;
    const inModule = await attach(courseId, doomedModule, file.id);
    const kept = await attach(courseId, moduleId, file.id);
    const doomedCourse = (await createCourse(t, orgId, teacher.id)).id;
    const inCourse = await attach(doomedCourse, (await createModule(t, doomedCourse)).id, file.id);

    const deleteModule = await t.app.inject({
      method: 'DELETE',
      url: `/api/modules/${doomedModule}`,
      headers: teacherSession.headers,
    });
    expect(deleteModule.statusCode).toBe(200);
    expect(await referencesOf(inModule)).toHaveLength(1);
    await purgeFromBin('module', doomedModule);
    expect(await referencesOf(inModule)).toHaveLength(0);
    expect(await referencesOf(kept)).toHaveLength(1);

    const deleteCourse = await t.app.inject({
      method: 'DELETE',
      url: `/api/courses/${doomedCourse}`,
      headers: teacherSession.headers,
    });
    expect(deleteCourse.statusCode).toBe(200);
    expect(await referencesOf(inCourse)).toHaveLength(1);
    await purgeFromBin('course', doomedCourse);
    expect(await referencesOf(inCourse)).toHaveLength(0);
    expect(await referencesOf(kept)).toHaveLength(1);
  });

  it('files an upload under an activity only when the caller can see it', async () => {
    const draft = await createActivity(t, { courseId, moduleId, createdBy: teacher.id, published: false });
    const hidden = await uploadFile(
      studentSession,
      { filename: 'hw.pdf', data: pdfBytes() },
      { parent_type: 'learning_activity', parent_id: String(draft.id) },
    );
    expect(hidden.statusCode).toBe(400);
    expect(hidden.json().errors.parent_id).toEqual(['What this file should belong to does not exist.']);
    const visible = await createActivity(t, { courseId, moduleId, createdBy: teacher.id });
    const ok = await uploadFile(
      studentSession,
      { filename: 'hw.pdf', data: pdfBytes() },
      { parent_type: 'learning_activity', parent_id: String(visible.id) },
    );
    expect(ok.statusCode).toBe(201);

    // Filing a file under an activity is posting to it, which viewing the course as a student never does.
    const simulating = await loginAs(t, teacher, { simulatingCourseId: courseId });
    const before = (await t.db.select().from(uploads)).length;
    const refused = await uploadFile(
      simulating,
      { filename: 'hw.pdf', data: pdfBytes() },
      { parent_type: 'learning_activity', parent_id: String(visible.id) },
    );
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('simulating_read_only');
    expect(await t.db.select().from(uploads)).toHaveLength(before);
  });
});

describe('deleting uploads', () => {
  it('lets only the uploader (or an org admin) delete, then the bytes and attachments are gone', async () => {
    const file = await uploaded(teacherSession, { filename: 'old.pdf', data: pdfBytes() });
    const activity = await activityWith([file.id]);
    const [row] = await t.db.select().from(uploads).where(eq(uploads.id, file.id));
    const onDisk = path.join(t.config.dataDir, 'uploads', row!.storageKey!);
    expect(existsSync(onDisk)).toBe(true);

    const refused = await t.app.inject({
      method: 'DELETE',
      url: `/api/uploads/${file.id}`,
      headers: studentSession.headers,
    });
    expect(refused.statusCode).toBe(403);

    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/uploads/${file.id}`,
      headers: teacherSession.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'The file has been deleted.' });
    expect(existsSync(onDisk)).toBe(false);
    expect((await get(teacherSession, `/api/uploads/${file.id}/blob`)).statusCode).toBe(404);
    expect(
      (await get(teacherSession, `/api/uploads/reference/${activity.uploads[0]!.id}/blob`)).statusCode,
    ).toBe(404);
    expect((await get(teacherSession, `/api/uploads/${file.id}`)).json()).toMatchObject({ deleted: true });
    const refs = await get(studentSession, `/api/activities/${activity.id}/upload_references`);
    expect(refs.json().references).toEqual([]);
  });
});
