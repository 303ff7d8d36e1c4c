import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { CourseVideoResponse } from '@lectern/contracts/public-listings/course-video.schemas';
import { courses } from '../../db/schema/courses.ts';
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

// A course's promotion video (issue 18): set and removed by the teaching team from their own MP4/WebM
// uploads, read by members and, for a public course, by visitors through its own address only.
let t: TestApp;
let orgId: number;
let ownerId: number;
let owner: Session;
let assistant: Session;
let student: Session;
let outsider: Session;
let courseId: number;

const DAY = 86_400_000;
const VIDEO_BYTES = Buffer.from('0123456789abcdefghij');

beforeAll(async () => {
  t = await createTestApp();
  orgId = (await createOrg(t)).id;
  const ownerUser = await createUser(t, orgId, { name: 'Ada' });
  ownerId = ownerUser.id;
  owner = await loginAs(t, ownerUser);
  courseId = (
    await createCourse(t, orgId, ownerId, { name: 'Film studies', cover: 'https://img.test/c.png' })
  ).id;
  const assistantUser = await createUser(t, orgId);
  await addMember(t, courseId, assistantUser.id, ['instructor_assistant']);
  assistant = await loginAs(t, assistantUser);
  const studentUser = await createUser(t, orgId);
  await addMember(t, courseId, studentUser.id, ['student']);
  student = await loginAs(t, studentUser);
  outsider = await loginAs(t, await createUser(t, orgId));
});
afterAll(async () => t.close());

const call = (method: 'GET' | 'PUT', url: string, session?: Session, payload?: object) =>
  t.app.inject({
    method,
    url,
    ...(session ? { headers: session.headers } : {}),
    ...(payload ? { payload } : {}),
  });
const setVideo = (session: Session, uploadId: number | null, id = courseId) =>
  call('PUT', `/api/courses/${id}/video`, session, { type: 'promotion_video', upload_id: uploadId });
const read = (prefix: 'api' | 'anonymous-api', session?: Session, id = courseId) =>
  call('GET', `/${prefix}/courses/${id}/video?type=promotion_video`, session);
const video = (userId: number, values: Partial<typeof uploads.$inferInsert> = {}) =>
  createUpload(t, orgId, userId, {
    name: 'trailer.mp4',
    bytes: VIDEO_BYTES,
    mimeType: 'video/mp4',
    type: 'video',
    createdAt: new Date(Date.now() - 30 * DAY),
    ...values,
  });
const setScope = (publicScope: string) =>
  t.db.update(courses).set({ publicScope }).where(eq(courses.id, courseId));

describe('setting the promotion video', () => {
  it('lets the teaching team set an own MP4 and shows it to members with its stream address', async () => {
    expect((await read('api', owner)).json()).toEqual({ video: null });
    const file = await video(ownerId);
    const saved = await call('PUT', `/api/courses/${courseId}/video`, owner, {
      type: 'promotion_video',
      upload_id: file.id,
      duration: 42.5,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const expected = {
      type: 'promotion_video',
      upload_id: file.id,
      name: 'trailer.mp4',
      url: `/api/courses/${courseId}/video/blob?type=promotion_video`,
      mime_type: 'video/mp4',
      size: VIDEO_BYTES.length,
      duration: 42.5,
      cover_url: 'https://img.test/c.png',
    };
    expect(saved.json<CourseVideoResponse>().video).toEqual(expected);
    const asStudent = await read('api', student);
    expect(asStudent.statusCode).toBe(200);
    expect(asStudent.json<CourseVideoResponse>().video).toEqual(expected);
    const bytes = await call('GET', expected.url, student);
    expect(bytes.statusCode).toBe(200);
    expect(bytes.headers['content-type']).toBe('video/mp4');
    expect(bytes.rawPayload.equals(VIDEO_BYTES)).toBe(true);
    const part = await t.app.inject({
      method: 'GET',
      url: expected.url,
      headers: { ...student.headers, range: 'bytes=0-3' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.body).toBe('0123');
  });

  it('refuses students, outsiders and a file the caller did not upload, per field', async () => {
    const mine = await video(ownerId);
    expect((await setVideo(student, mine.id)).statusCode).toBe(403);
    expect((await setVideo(outsider, mine.id)).statusCode).toBe(403);
    const res = await setVideo(assistant, mine.id);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json<{ errors: object }>().errors)).toEqual(['upload_id']);
    // A file of another organisation, or a deleted one, reads as unknown too.
    const deleted = await video(ownerId, { deleted: true });
    expect((await setVideo(owner, deleted.id)).json()).toMatchObject({
      errors: { upload_id: [expect.any(String)] },
    });
    expect((await setVideo(owner, 999_999)).statusCode).toBe(400);
  });

  it('refuses a file that is not MP4 or WebM, and one beyond the upload size limit', async () => {
    const mov = await video(ownerId, { name: 'clip.mov', mimeType: 'video/quicktime' });
    const wrongType = await setVideo(owner, mov.id);
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json()).toMatchObject({
      errors: { upload_id: ['A promotion video must be an MP4 or WebM file.'] },
    });
    const pdf = await video(ownerId, { name: 'notes.pdf', mimeType: 'application/pdf', type: 'document' });
    expect((await setVideo(owner, pdf.id)).statusCode).toBe(400);
    const huge = await video(ownerId, { size: t.config.uploadMaxBytes + 1 });
    const tooLarge = await setVideo(owner, huge.id);
    expect(tooLarge.statusCode).toBe(400);
    expect(tooLarge.json<{ errors: { upload_id: string[] } }>().errors.upload_id[0]).toMatch(/at most/);
    const webm = await video(ownerId, { name: 'clip.webm', mimeType: 'video/webm' });
    expect((await setVideo(owner, webm.id)).statusCode).toBe(200);
    const badType = await call('PUT', `/api/courses/${courseId}/video`, owner, {
      type: 'intro',
      upload_id: webm.id,
    });
    expect(badType.statusCode).toBe(400);
    expect(Object.keys(badType.json<{ errors: object }>().errors)).toEqual(['type']);
  });

  it('lets a colleague keep the video set by someone else, and remove it', async () => {
    const file = await video(ownerId);
    expect((await setVideo(owner, file.id)).statusCode).toBe(200);
    expect((await setVideo(assistant, file.id)).statusCode).toBe(200);
    const removed = await setVideo(assistant, null);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ video: null });
    expect((await read('api', student)).json()).toEqual({ video: null });
    expect(
      (await call('GET', `/api/courses/${courseId}/video/blob?type=promotion_video`, student)).statusCode,
    ).toBe(404);
  });
});

describe('reading the promotion video as a visitor', () => {
  it('answers a private or organisation-only course exactly like a missing one', async () => {
    const file = await video(ownerId);
    expect((await setVideo(owner, file.id)).statusCode).toBe(200);
    for (const scope of ['private', 'org']) {
      await setScope(scope);
      // Even a member's cookie changes nothing under the anonymous prefix.
      for (const session of [undefined, student]) {
        const missing = await read('anonymous-api', session, 999_999);
        expect(missing.statusCode).toBe(404);
        const refused = await read('anonymous-api', session);
        expect(refused.statusCode).toBe(404);
        expect(refused.json()).toMatchObject({ code: missing.json().code, message: missing.json().message });
        const blob = await call(
          'GET',
          `/anonymous-api/courses/${courseId}/video/blob?type=promotion_video`,
          session,
        );
        expect(blob.statusCode).toBe(404);
      }
    }
    // An outsider signed in reads an organisation-only course's video, not a private one's.
    await setScope('org');
    expect((await read('api', outsider)).statusCode).toBe(200);
    await setScope('private');
    expect((await read('api', outsider)).statusCode).toBe(404);
    // The upload itself stays closed to people who only see the course's public page.
    expect((await call('GET', `/api/uploads/${file.id}/blob`, outsider)).statusCode).toBe(404);
  });

  it('streams a public course video to anyone, through the anonymous address', async () => {
    const file = await video(ownerId);
    expect((await setVideo(owner, file.id)).statusCode).toBe(200);
    await setScope('public');
    const res = await read('anonymous-api');
    expect(res.statusCode).toBe(200);
    const url = res.json<CourseVideoResponse>().video?.url;
    expect(url).toBe(`/anonymous-api/courses/${courseId}/video/blob?type=promotion_video`);
    const bytes = await call('GET', url!);
    expect(bytes.statusCode).toBe(200);
    expect(bytes.rawPayload.equals(VIDEO_BYTES)).toBe(true);
    await setScope('private');
  });
});

describe('the orphan sweep', () => {
  it('keeps the promotion video while it is set, and takes it once removed', async () => {
    const file = await video(ownerId);
    expect((await setVideo(owner, file.id)).statusCode).toBe(200);
    const sweep = () =>
      orphanUploadsService({
        config: t.config,
        db: t.db,
        storage: t.storage,
        log: t.app.log,
      }).sweepOrphanUploads(new Date(Date.now() + 365 * DAY));
    const exists = async () =>
      (await t.db.select().from(uploads).where(eq(uploads.id, file.id))).length === 1;
    await sweep();
    expect(await exists()).toBe(true);
    expect((await setVideo(owner, null)).statusCode).toBe(200);
    await sweep();
    expect(await exists()).toBe(false);
  });
});
