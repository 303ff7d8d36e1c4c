import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { samplePdf } from '../../seed/sample-pdf.ts';
import {
  addMember,
  createCourse,
  createModule,
  createOrg,
  createUser,
  loginAs,
  type Session,
} from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { multipartFile } from '../../test/uploads-fixtures.ts';

/**
 * The two-step file fetch of the original clients: ask `…/url` for an address, then GET it with the same
 * session. Each address answers only those the file's own routes would serve.
 */
let t: TestApp;
let courseId: number;
let moduleId: number;
let teacher: Session;
let student: Session;
let outsider: Session;

beforeAll(async () => {
  t = await createTestApp();
  const orgId = (await createOrg(t)).id;
  const teacherUser = await createUser(t, orgId);
  const studentUser = await createUser(t, orgId);
  courseId = (await createCourse(t, orgId, teacherUser.id)).id;
  await addMember(t, courseId, studentUser.id, ['student']);
  moduleId = (await createModule(t, courseId)).id;
  teacher = await loginAs(t, teacherUser);
  student = await loginAs(t, studentUser);
  outsider = await loginAs(t, await createUser(t, orgId));
});
afterAll(async () => t?.close());

async function attachedPdf(allowDownload: boolean) {
  const body = multipartFile(
    { filename: 'Notes.pdf', data: samplePdf({ title: 'Notes', pages: [{ heading: 'One' }] }) },
    { allow_download: String(allowDownload) },
  );
  const uploaded = await t.app.inject({
    method: 'POST',
    url: '/api/uploads',
    headers: { ...teacher.headers, 'content-type': body.contentType },
    payload: body.payload,
  });
  const uploadId = uploaded.json().id as number;
  const activity = await t.app.inject({
    method: 'POST',
    url: `/api/courses/${courseId}/activities`,
    headers: teacher.headers,
    payload: { type: 'material', module_id: moduleId, title: 'Notes', uploads: [uploadId], published: true },
  });
  const activityId = activity.json().id as number;
  const refs = await t.app.inject({
    method: 'GET',
    url: `/api/activities/${activityId}/upload_references`,
    headers: student.headers,
  });
  return { uploadId, referenceId: refs.json().references[0].id as number, refs: refs.json() };
}

const get = (session: Session, url: string) => t.app.inject({ method: 'GET', url, headers: session.headers });

/** Follows an address as the clients do: same session, path and query of the absolute URL. */
async function follow(session: Session, url: string) {
  const parsed = new URL(url);
  return get(session, parsed.pathname + parsed.search);
}

describe('upload addresses', () => {
  it('lists each attachment with its file under both names the clients read', async () => {
    const { uploadId, referenceId, refs } = await attachedPdf(true);
    expect(refs.references[0]).toMatchObject({
      id: referenceId,
      upload: { id: uploadId, name: 'Notes.pdf', size: expect.any(Number) },
    });
    expect(refs.upload_references).toEqual([
      expect.objectContaining({ upload_id: uploadId, name: 'Notes.pdf' }),
    ]);
    expect(refs.upload_references[0]).not.toHaveProperty('upload');
  });

  it('GET /api/uploads/{id}/url gives an absolute download address that works with the same session', async () => {
    const { uploadId } = await attachedPdf(true);
    const response = await get(student, `/api/uploads/${uploadId}/url`);
    expect(response.statusCode).toBe(200);
    const { url } = response.json();
    expect(url).toBe(`http://localhost:80/api/uploads/${uploadId}/blob`);
    const file = await follow(student, url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toMatch(/^attachment/);
    expect((await get(outsider, `/api/uploads/${uploadId}/url`)).statusCode).toBe(404);
  });

  it('refuses the download address when the attachment may not be downloaded, but not the preview', async () => {
    const { uploadId, referenceId } = await attachedPdf(false);
    expect((await get(student, `/api/uploads/${uploadId}/url`)).statusCode).toBe(403);
    expect((await get(teacher, `/api/uploads/${uploadId}/url`)).statusCode).toBe(200);

    const document = (await get(student, `/api/uploads/document/${uploadId}/url`)).json();
    expect(new URL(document.url).pathname).toBe(`/api/uploads/${uploadId}/preview`);
    const preview = await follow(student, document.url);
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toMatch(/application\/pdf/);

    const byReference = (await get(student, `/api/uploads/reference/document/${referenceId}/url`)).json();
    expect((await follow(student, byReference.url)).statusCode).toBe(200);
  });

  it('answers no address to someone who cannot see the file', async () => {
    const { uploadId, referenceId } = await attachedPdf(true);
    expect((await get(outsider, `/api/uploads/document/${uploadId}/url`)).statusCode).toBe(404);
    expect((await get(outsider, `/api/uploads/reference/document/${referenceId}/url`)).statusCode).toBe(403);
    expect((await get(student, '/api/uploads/reference/document/999999/url')).statusCode).toBe(404);
  });
});
