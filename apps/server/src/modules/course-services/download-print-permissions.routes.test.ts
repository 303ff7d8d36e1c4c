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

let t: TestApp;
let courseId: number;
let moduleId: number;
let teacher: Session;
let assistant: Session;
let student: Session;
let outsider: Session;

beforeAll(async () => {
  t = await createTestApp();
  const orgId = (await createOrg(t)).id;
  const owner = await createUser(t, orgId);
  const helper = await createUser(t, orgId);
  const learner = await createUser(t, orgId);
  courseId = (await createCourse(t, orgId, owner.id)).id;
  await addMember(t, courseId, helper.id, ['instructor_assistant']);
  await addMember(t, courseId, learner.id, ['student']);
  moduleId = (await createModule(t, courseId)).id;
  teacher = await loginAs(t, owner);
  assistant = await loginAs(t, helper);
  student = await loginAs(t, learner);
  outsider = await loginAs(t, await createUser(t, orgId));
});
afterAll(async () => t.close());

const url = `/api/courses/:id/download-print-permissions`;
const permissionsUrl = () => url.replace(':id', String(courseId));

const read = (session: Session, type: string) =>
  t.app.inject({ method: 'GET', url: `${permissionsUrl()}?type=${type}`, headers: session.headers });
const save = (session: Session, payload: object) =>
  t.app.inject({ method: 'PUT', url: permissionsUrl(), headers: session.headers, payload });
const get = (session: Session, path: string) =>
  t.app.inject({ method: 'GET', url: path, headers: session.headers });

/** A published material with one PDF its attachment lets everyone download. */
async function attachedPdf(): Promise<{ uploadId: number; activityId: number; referenceId: number }> {
  const body = multipartFile({
    filename: 'Notes.pdf',
    data: samplePdf({ title: 'Notes', pages: [{ heading: 'One' }] }),
  });
  const uploaded = await t.app.inject({
    method: 'POST',
    url: '/api/uploads',
    headers: { ...teacher.headers, 'content-type': body.contentType },
    payload: body.payload,
  });
  expect(uploaded.statusCode, uploaded.body).toBe(201);
  const uploadId = uploaded.json<{ id: number }>().id;
  const created = await t.app.inject({
    method: 'POST',
    url: `/api/courses/${courseId}/activities`,
    headers: teacher.headers,
    payload: { type: 'material', module_id: moduleId, title: 'Notes', uploads: [uploadId], published: true },
  });
  expect(created.statusCode, created.body).toBe(201);
  const activityId = created.json<{ id: number }>().id;
  const refs = await get(student, `/api/activities/${activityId}/upload_references`);
  const referenceId = refs.json<{ references: { id: number }[] }>().references[0]!.id;
  return { uploadId, activityId, referenceId };
}

/** `can_download` of the activity's attachment in the course's activity list and in the activity's own read. */
async function canDownloadInReads(session: Session, activityId: number): Promise<boolean[]> {
  type Listed = { id: number; uploads: { can_download: boolean }[] };
  const list = await get(session, `/api/courses/${courseId}/activities`);
  expect(list.statusCode, list.body).toBe(200);
  const listed = list.json<{ activities: Listed[] }>().activities.find((a) => a.id === activityId);
  const one = await get(session, `/api/activities/${activityId}`);
  expect(one.statusCode, one.body).toBe(200);
  return [listed!.uploads[0]!.can_download, one.json<Listed>().uploads[0]!.can_download];
}

describe('download and print permissions', () => {
  it('allow students both by default, read by members only, each type on its own', async () => {
    for (const type of ['download', 'print']) {
      const res = await read(student, type);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ course_id: courseId, type, allow_students: true, allowed: true });
    }
    expect((await read(student, 'copy')).statusCode).toBe(400);
    expect((await read(student, '')).statusCode).toBe(400);
    expect([403, 404]).toContain((await read(outsider, 'download')).statusCode);

    const off = await save(assistant, { type: 'print', allow_students: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ type: 'print', allow_students: false, allowed: true });
    expect((await read(student, 'print')).json()).toMatchObject({ allow_students: false, allowed: false });
    // Print and download are separate settings.
    expect((await read(student, 'download')).json()).toMatchObject({ allow_students: true, allowed: true });
    expect((await save(teacher, { type: 'print', allow_students: true })).statusCode).toBe(200);
    expect((await read(student, 'print')).json()).toMatchObject({ allowed: true });
  });

  it('are set by the teaching team only, validated', async () => {
    expect((await save(student, { type: 'download', allow_students: false })).statusCode).toBe(403);
    expect([403, 404]).toContain(
      (await save(outsider, { type: 'download', allow_students: false })).statusCode,
    );
    const bad = await save(teacher, { type: 'share', allow_students: 'no' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json<{ errors: Record<string, unknown> }>().errors).sort()).toEqual([
      'allow_students',
      'type',
    ]);
    expect((await read(student, 'download')).json()).toMatchObject({ allow_students: true });
  });

  it('keep students from downloading attachments while they still view them; the teaching team still may', async () => {
    const { uploadId, activityId, referenceId } = await attachedPdf();
    const blob = `/api/uploads/reference/${referenceId}/blob`;
    expect((await get(student, blob)).statusCode).toBe(200);
    expect(await canDownloadInReads(student, activityId)).toEqual([true, true]);

    expect((await save(teacher, { type: 'download', allow_students: false })).statusCode).toBe(200);
    expect((await get(student, blob)).statusCode).toBe(403);
    expect((await get(student, `/api/uploads/${uploadId}/blob`)).statusCode).toBe(403);
    // Reading the material in the page is not taking it away.
    expect((await get(student, `${blob}?preview=1`)).statusCode).toBe(200);
    expect((await get(student, `/api/uploads/${uploadId}/preview`)).statusCode).toBe(200);
    const refs = await get(student, `/api/activities/${activityId}/upload_references`);
    expect(
      refs.json<{ references: { allow_download: boolean; can_download: boolean }[] }>().references[0],
    ).toMatchObject({ allow_download: true, can_download: false });
    expect((await get(assistant, blob)).statusCode).toBe(200);
    expect((await get(teacher, `/api/uploads/${uploadId}/blob`)).statusCode).toBe(200);
    // The activity reads say so too, the cached course list included (the rule stamps the course).
    expect(await canDownloadInReads(student, activityId)).toEqual([false, false]);
    expect(await canDownloadInReads(teacher, activityId)).toEqual([true, true]);

    expect((await save(teacher, { type: 'download', allow_students: true })).statusCode).toBe(200);
    expect(await canDownloadInReads(student, activityId)).toEqual([true, true]);
    expect((await get(student, blob)).statusCode).toBe(200);
    expect((await get(student, `/api/uploads/${uploadId}/blob`)).statusCode).toBe(200);
  });
});
