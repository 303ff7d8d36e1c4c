import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseSharedUploads } from '../../db/schema/course-services.ts';
import { uploads } from '../../db/schema/uploads.ts';
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
import { orphanUploadsService } from '../uploads/orphan-uploads.service.ts';

const DAY = 86_400_000;

let t: TestApp;
let teacher: Session;
let student: Session;
let outsider: Session;
let otherTeacher: Session;
let simulating: Session;
let admin: Session;
let source: number;
let target: number;
let sharedFile: number;
let keptFile: number;

beforeAll(async () => {
  t = await createTestApp();
  const orgId = (await createOrg(t)).id;
  const teacherUser = await createUser(t, orgId);
  const studentUser = await createUser(t, orgId);
  const sourceStudent = await createUser(t, orgId);
  const otherTeacherUser = await createUser(t, orgId);
  source = (await createCourse(t, orgId, teacherUser.id, { name: 'Source' })).id;
  target = (await createCourse(t, orgId, teacherUser.id, { name: 'Target' })).id;
  const elsewhere = (await createCourse(t, orgId, otherTeacherUser.id, { name: 'Elsewhere' })).id;
  await addMember(t, target, studentUser.id, ['student']);
  await addMember(t, source, sourceStudent.id, ['student']);
  await addMember(t, elsewhere, studentUser.id, ['student']);
  teacher = await loginAs(t, teacherUser);
  student = await loginAs(t, studentUser);
  outsider = await loginAs(t, sourceStudent);
  otherTeacher = await loginAs(t, otherTeacherUser);
  simulating = await loginAs(t, teacherUser, { simulatingCourseId: target });
  admin = await loginAs(t, await createUser(t, orgId, { orgRole: 'admin' }));
  // Old enough for the sweep, attached to nothing: only the share keeps them.
  const old = new Date(Date.now() - 3 * DAY);
  sharedFile = (
    await createUpload(t, orgId, teacherUser.id, { bytes: Buffer.from('lecture notes'), createdAt: old })
  ).id;
  keptFile = (await createUpload(t, orgId, teacherUser.id, { bytes: Buffer.from('kept'), createdAt: old }))
    .id;
  const shared = await t.app.inject({
    method: 'POST',
    url: '/api/uploads/share-to-courses',
    headers: teacher.headers,
    payload: { upload_ids: [sharedFile, keptFile], course_ids: [target] },
  });
  expect(shared.json()).toEqual({ shared: 2 });
});
afterAll(async () => t.close());

const get = (url: string, session: Session) => t.app.inject({ method: 'GET', url, headers: session.headers });

describe('files shared to a course', () => {
  it("are read by the target course's members through the upload routes", async () => {
    const status = await get(`/api/uploads/${sharedFile}`, student);
    expect(status.statusCode, status.body).toBe(200);
    expect(status.json()).toMatchObject({ id: sharedFile });
    const blob = await get(`/api/uploads/${sharedFile}/blob`, student);
    expect(blob.statusCode, blob.body).toBe(200);
    expect(blob.body).toBe('lecture notes');
    expect((await get(`/api/uploads/${sharedFile}/url`, student)).statusCode).toBe(200);
    // The instructor viewing the course as a student reads it like one.
    expect((await get(`/api/uploads/${sharedFile}/blob`, simulating)).statusCode).toBe(200);
    expect((await get(`/api/uploads/${sharedFile}/blob`, admin)).statusCode).toBe(200);
  });

  it('stay hidden from people outside the course', async () => {
    // A student of the file's other course, and an instructor of another course, are not its members.
    for (const session of [outsider, otherTeacher]) {
      expect((await get(`/api/uploads/${sharedFile}`, session)).statusCode).toBe(404);
      expect((await get(`/api/uploads/${sharedFile}/blob`, session)).statusCode).toBe(404);
    }
    expect((await t.app.inject({ method: 'GET', url: `/api/uploads/${sharedFile}/blob` })).statusCode).toBe(
      401,
    );
  });

  it("follow the target course's download rule for its students", async () => {
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/courses/${target}/download-print-permissions`,
      headers: teacher.headers,
      payload: { type: 'download', allow_students: false },
    });
    expect(put.statusCode, put.body).toBe(200);
    const refused = await get(`/api/uploads/${sharedFile}/blob`, student);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'forbidden' });
    // Reading its status is still allowed: the rule is about taking a copy away.
    expect((await get(`/api/uploads/${sharedFile}`, student)).statusCode).toBe(200);
    // The teaching team and the uploader are not under the students' rule.
    expect((await get(`/api/uploads/${sharedFile}/blob`, teacher)).statusCode).toBe(200);
    await t.app.inject({
      method: 'PUT',
      url: `/api/courses/${target}/download-print-permissions`,
      headers: teacher.headers,
      payload: { type: 'download', allow_students: true },
    });
    expect((await get(`/api/uploads/${sharedFile}/blob`, student)).statusCode).toBe(200);
  });

  it('are kept by the orphan sweep while shared, and swept once no course holds them', async () => {
    const sweeper = orphanUploadsService({ config: t.config, db: t.db, storage: t.storage, log: t.app.log });
    await sweeper.sweepOrphanUploads(new Date());
    const exists = async (id: number) =>
      (await t.db.select({ id: uploads.id }).from(uploads).where(eq(uploads.id, id))).length === 1;
    expect(await exists(sharedFile)).toBe(true);
    expect(await exists(keptFile)).toBe(true);
    expect((await get(`/api/uploads/${sharedFile}/blob`, student)).body).toBe('lecture notes');

    await t.db.delete(courseSharedUploads).where(eq(courseSharedUploads.uploadId, keptFile));
    expect(await sweeper.sweepOrphanUploads(new Date())).toBe(1);
    expect(await exists(keptFile)).toBe(false);
    expect(await exists(sharedFile)).toBe(true);
  });
});
