import {
  CourseSharedFilesResponseSchema,
  type CourseSharedFilesResponse,
} from '@lectern/contracts/course-services/shared-files.schemas';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseSharedUploads } from '../../db/schema/course-services.ts';
import {
  addMember,
  createCourse,
  createOrg,
  createUpload,
  createUser,
  loginAs,
  type Session,
} from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let teacher: Session;
let student: Session;
let subCourseStudent: Session;
let outsider: Session;
let foreignAdmin: Session;
let simulating: Session;
let target: number;
let combined: number;
let handout: number;
let notes: number;
let deck: number;

beforeAll(async () => {
  t = await createTestApp();
  const orgId = (await createOrg(t)).id;
  const teacherUser = await createUser(t, orgId, { name: 'Teacher Tan' });
  const studentUser = await createUser(t, orgId);
  const subStudentUser = await createUser(t, orgId);
  const outsiderUser = await createUser(t, orgId);
  target = (await createCourse(t, orgId, teacherUser.id, { name: 'Target' })).id;
  const elsewhere = (await createCourse(t, orgId, teacherUser.id, { name: 'Elsewhere' })).id;
  await addMember(t, target, studentUser.id, ['student']);
  await addMember(t, elsewhere, outsiderUser.id, ['student']);
  teacher = await loginAs(t, teacherUser);
  student = await loginAs(t, studentUser);
  outsider = await loginAs(t, outsiderUser);
  simulating = await loginAs(t, teacherUser, { simulatingCourseId: target });
  foreignAdmin = await loginAs(t, await createUser(t, (await createOrg(t)).id, { orgRole: 'admin' }));

  handout = (
    await createUpload(t, orgId, teacherUser.id, {
      bytes: Buffer.from('%PDF-1.4 handout'),
      name: 'handout.pdf',
      mimeType: 'application/pdf',
    })
  ).id;
  notes = (await createUpload(t, orgId, teacherUser.id, { bytes: Buffer.from('notes'), name: 'notes.txt' }))
    .id;
  deck = (
    await createUpload(t, orgId, teacherUser.id, {
      bytes: Buffer.from('zip'),
      name: 'deck.zip',
      mimeType: 'application/zip',
      type: 'archive',
    })
  ).id;
  for (const uploadId of [handout, notes]) {
    const shared = await call('POST', '/api/uploads/share-to-courses', teacher, {
      upload_ids: [uploadId],
      course_ids: [target],
    });
    expect(shared.statusCode, shared.body).toBe(200);
  }

  // A combined course whose sub-course's students are its members (course-combining).
  const sub = (await createCourse(t, orgId, teacherUser.id, { name: 'Sub' })).id;
  const sibling = (await createCourse(t, orgId, teacherUser.id, { name: 'Sibling' })).id;
  await addMember(t, sub, subStudentUser.id, ['student']);
  subCourseStudent = await loginAs(t, subStudentUser);
  const combine = await call('POST', '/api/combine-courses', teacher, {
    title: 'Combined',
    subCourseIds: [sub, sibling],
  });
  expect(combine.statusCode, combine.body).toBe(200);
  combined = combine.json<{ courseId: number }>().courseId;
  const sharedToCombined = await call('POST', '/api/uploads/share-to-courses', teacher, {
    upload_ids: [deck],
    course_ids: [combined],
  });
  expect(sharedToCombined.statusCode, sharedToCombined.body).toBe(200);
});
afterAll(async () => t.close());

function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, session: Session, payload?: object) {
  return t.app.inject({
    method,
    url,
    headers: session.headers,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

async function list(session: Session, courseId = target, query = ''): Promise<CourseSharedFilesResponse> {
  const res = await call('GET', `/api/courses/${courseId}/shared-files${query}`, session);
  expect(res.statusCode, res.body).toBe(200);
  return CourseSharedFilesResponseSchema.parse(res.json());
}

async function setDownload(allowStudents: boolean) {
  const put = await call('PUT', `/api/courses/${target}/download-print-permissions`, teacher, {
    type: 'download',
    allow_students: allowStudents,
  });
  expect(put.statusCode, put.body).toBe(200);
}

describe('GET /api/courses/{id}/shared-files', () => {
  it("lists the course's shared files to a student, newest share first, with who shared them", async () => {
    const page = await list(student);
    expect(page).toMatchObject({ page: 1, page_size: 10, total: 2, pages: 1 });
    expect(page.shared_files.map((f) => f.name)).toEqual(['notes.txt', 'handout.pdf']);
    const [text, pdf] = page.shared_files;
    expect(text).toMatchObject({
      upload_id: notes,
      size: 5,
      type: 'document',
      mime_type: 'text/plain',
      shared_by: { name: 'Teacher Tan' },
      can_download: true,
      preview_url: `/api/uploads/${notes}/blob?preview=1`,
      blob_url: `/api/uploads/${notes}/blob`,
    });
    expect(pdf).toMatchObject({ upload_id: handout, preview_url: `/api/uploads/${handout}/preview` });
    expect(Date.parse(text!.shared_at)).toBeGreaterThan(Date.now() - 60_000);
    // What the list offers is what the upload routes serve.
    expect((await call('GET', text!.blob_url, student)).body).toBe('notes');
    expect((await call('GET', pdf!.preview_url!, student)).statusCode).toBe(200);
  });

  it('pages', async () => {
    const second = await list(student, target, '?page=2&page_size=1');
    expect(second).toMatchObject({ page: 2, page_size: 1, total: 2, pages: 2 });
    expect(second.shared_files.map((f) => f.upload_id)).toEqual([handout]);
    expect((await list(student, target, '?page=3&page_size=1')).shared_files).toEqual([]);
  });

  it('is refused to people outside the course', async () => {
    const refused = await call('GET', `/api/courses/${target}/shared-files`, outsider);
    expect(refused.statusCode).toBe(403);
    expect((await call('GET', `/api/courses/${target}/shared-files`, foreignAdmin)).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/courses/${target}/shared-files` })).statusCode,
    ).toBe(401);
  });

  it("follows the course's download rule: students lose the download and the inline view, not the PDF preview", async () => {
    await setDownload(false);
    try {
      const [text, pdf] = (await list(student)).shared_files;
      expect(text).toMatchObject({ can_download: false, preview_url: null });
      expect(pdf).toMatchObject({ can_download: false, preview_url: `/api/uploads/${handout}/preview` });
      expect((await call('GET', text!.blob_url, student)).statusCode).toBe(403);
      expect((await call('GET', pdf!.preview_url!, student)).statusCode).toBe(200);
      // A teacher viewing as a student is answered as the uploader they are, as the blob route does.
      expect((await list(simulating)).shared_files.every((f) => f.can_download)).toBe(true);
      // The teaching team is not under the students' rule.
      const [own] = (await list(teacher)).shared_files;
      expect(own).toMatchObject({ can_download: true, preview_url: `/api/uploads/${notes}/blob?preview=1` });
    } finally {
      await setDownload(true);
    }
  });

  it("shows a combined course's shared files to its sub-courses' students", async () => {
    const page = await list(subCourseStudent, combined);
    expect(page.shared_files.map((f) => f.upload_id)).toEqual([deck]);
    expect(page.shared_files[0]).toMatchObject({ type: 'archive', preview_url: null, can_download: true });
    expect((await call('GET', `/api/courses/${target}/shared-files`, subCourseStudent)).statusCode).toBe(403);
  });

  it('drops a file once it is unshared or deleted', async () => {
    await t.db
      .delete(courseSharedUploads)
      .where(and(eq(courseSharedUploads.courseId, target), eq(courseSharedUploads.uploadId, notes)));
    expect((await list(student)).shared_files.map((f) => f.upload_id)).toEqual([handout]);
    expect((await call('GET', `/api/uploads/${notes}/blob`, student)).statusCode).toBe(404);

    const removed = await call('DELETE', `/api/uploads/${handout}`, teacher);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await list(student)).toMatchObject({ total: 0, shared_files: [] });
  });
});
