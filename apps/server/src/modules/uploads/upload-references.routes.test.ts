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
import { docxBytes, multipartFile } from '../../test/uploads-fixtures.ts';

let t: TestApp;
let courseId: number;
let moduleId: number;
let teacherSession: Session;
let studentSession: Session;
let outsiderSession: Session;
let simulatingSession: Session;
let otherOrgSession: Session;

beforeAll(async () => {
  t = await createTestApp();
  const orgId = (await createOrg(t)).id;
  const teacher = await createUser(t, orgId);
  const student = await createUser(t, orgId);
  const outsider = await createUser(t, orgId);
  courseId = (await createCourse(t, orgId, teacher.id)).id;
  await addMember(t, courseId, student.id, ['student']);
  moduleId = (await createModule(t, courseId)).id;
  teacherSession = await loginAs(t, teacher);
  studentSession = await loginAs(t, student);
  outsiderSession = await loginAs(t, outsider);
  simulatingSession = await loginAs(t, teacher, { simulatingCourseId: courseId });
  const otherOrg = (await createOrg(t)).id;
  otherOrgSession = await loginAs(t, await createUser(t, otherOrg, { orgRole: 'admin' }));
});
afterAll(async () => t.close());

async function upload(
  session: Session,
  file: { filename: string; data: Buffer },
  fields: Record<string, string> = {},
) {
  const body = multipartFile(file, fields);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/uploads',
    headers: { ...session.headers, 'content-type': body.contentType },
    payload: body.payload,
  });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: number };
}

async function materialWith(uploadIds: number[], published = true): Promise<number> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/courses/${courseId}/activities`,
    headers: teacherSession.headers,
    payload: { type: 'material', module_id: moduleId, title: 'Courseware', uploads: uploadIds, published },
  });
  expect(res.statusCode).toBe(201);
  return res.json().id as number;
}

const references = (session: Session, activityId: number) =>
  t.app.inject({
    method: 'GET',
    url: `/api/activities/${activityId}/upload_references`,
    headers: session.headers,
  });

type Reference = {
  id: number;
  upload_id: number;
  name: string;
  size: number;
  sort: number;
  preview_url: string | null;
  blob_url: string;
};

describe('GET /api/activities/{id}/upload_references', () => {
  it('lists the attachments in their order, with where to view and where to download each', async () => {
    const slides = await upload(teacherSession, {
      filename: 'Week 1 slides.pdf',
      data: samplePdf({ title: 'Week 1', pages: [{ heading: 'One' }, { heading: 'Two' }] }),
    });
    const handout = await upload(
      teacherSession,
      { filename: 'Handout.docx', data: docxBytes(['Read this first']) },
      { allow_download: 'false' },
    );
    const data = await upload(teacherSession, { filename: 'data.csv', data: Buffer.from('a,b\n1,2\n') });
    const archive = await upload(teacherSession, {
      filename: 'sources.zip',
      data: Buffer.from('504b0506000000000000000000000000000000000000', 'hex'),
    });
    // Attached in this order: the handout first.
    const activityId = await materialWith([handout.id, slides.id, data.id, archive.id]);

    const res = await references(studentSession, activityId);
    expect(res.statusCode).toBe(200);
    const refs = res.json().references as Reference[];
    expect(refs.map((r) => [r.upload_id, r.sort])).toEqual([
      [handout.id, 0],
      [slides.id, 1],
      [data.id, 2],
      [archive.id, 3],
    ]);
    const [handoutRef, slidesRef, dataRef, archiveRef] = refs;
    expect(handoutRef).toMatchObject({
      name: 'Handout.docx',
      type: 'document',
      allow_download: false,
      can_download: false,
      preview_url: `/api/uploads/${handout.id}/preview`,
      blob_url: `/api/uploads/reference/${handoutRef!.id}/blob`,
    });
    expect(slidesRef).toMatchObject({
      name: 'Week 1 slides.pdf',
      mime_type: 'application/pdf',
      allow_download: true,
      can_download: true,
      preview_url: `/api/uploads/${slides.id}/preview`,
    });
    expect(slidesRef!.size).toBeGreaterThan(0);
    expect(dataRef!.preview_url).toBe(`/api/uploads/reference/${dataRef!.id}/blob?preview=1`);
    expect(archiveRef!.preview_url).toBeNull();

    // The URLs on the wire work for the student who got them.
    const viewed = await t.app.inject({
      method: 'GET',
      url: slidesRef!.preview_url!,
      headers: studentSession.headers,
    });
    expect(viewed.statusCode).toBe(200);
    const downloaded = await t.app.inject({
      method: 'GET',
      url: slidesRef!.blob_url,
      headers: studentSession.headers,
    });
    expect(downloaded.statusCode).toBe(200);
    expect(String(downloaded.headers['content-disposition'])).toMatch(/^attachment;/);
  });

  it('follows a reorder made by editing the activity', async () => {
    const a = await upload(teacherSession, {
      filename: 'a.pdf',
      data: samplePdf({ title: 'a', pages: [{ heading: 'a' }] }),
    });
    const b = await upload(teacherSession, {
      filename: 'b.pdf',
      data: samplePdf({ title: 'b', pages: [{ heading: 'b' }] }),
    });
    const activityId = await materialWith([a.id, b.id]);
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/activities/${activityId}`,
      headers: teacherSession.headers,
      payload: { uploads: [b.id, a.id] },
    });
    expect(put.statusCode).toBe(200);
    const refs = (await references(studentSession, activityId)).json().references as Reference[];
    expect(refs.map((r) => r.name)).toEqual(['b.pdf', 'a.pdf']);
  });

  it('answers only those who may read the activity; a draft only the teaching team', async () => {
    const file = await upload(teacherSession, {
      filename: 'draft.pdf',
      data: samplePdf({ title: 'draft', pages: [{ heading: 'draft' }] }),
    });
    const draftId = await materialWith([file.id], false);
    const publishedId = await materialWith([file.id], true);

    expect((await references(teacherSession, draftId)).json().references).toHaveLength(1);
    const hiddenDraft = await references(studentSession, draftId);
    expect(hiddenDraft.statusCode).toBe(404);
    // An instructor viewing the course as a student sees what a student sees.
    expect((await references(simulatingSession, draftId)).statusCode).toBe(404);
    expect((await references(simulatingSession, publishedId)).statusCode).toBe(200);

    // Someone of the organisation outside the course is refused; another organisation's course is not there.
    const outsider = await references(outsiderSession, publishedId);
    expect(outsider.statusCode).toBe(403);
    expect(outsider.json().references).toBeUndefined();
    expect((await references(otherOrgSession, publishedId)).statusCode).toBe(404);
    expect((await references(studentSession, 999_999)).statusCode).toBe(404);
    const anonymous = await t.app.inject({
      method: 'GET',
      url: `/api/activities/${publishedId}/upload_references`,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
