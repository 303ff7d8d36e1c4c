import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activities } from '../../db/schema/activities.ts';
import {
  ACTIVITY_IMAGE_PARENT,
  DISCUSSION_IMAGE_PARENT,
  DISCUSSION_REPLY_IMAGE_PARENT,
  HOMEWORK_SUBMISSION_IMAGE_PARENT,
  uploadReferences,
  uploads,
} from '../../db/schema/uploads.ts';
import { createExamWorld, type ExamWorld } from '../../test/exam-taking-factories.ts';
import { createActivity, createUpload, createUser, loginAs, type Session } from '../../test/factories.ts';
import { createHomework } from '../../test/homework-factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { uploadIdsInHtml } from './html-images.ts';
import { orphanUploadsService } from './orphan-uploads.service.ts';

const DAY = 24 * 3600_000;

let t: TestApp;
let w: ExamWorld;
let outsider: Session;

beforeAll(async () => {
  t = await createTestApp();
  w = await createExamWorld(t, 3);
  // Same organisation, not in the course.
  outsider = await loginAs(t, await createUser(t, w.org.id));
});
afterAll(async () => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (session: Session, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, headers: session.headers, ...(payload ? { payload } : {}) });
const student = (i: number) => w.students[i]!;
const picture = (uploadId: number) => `<p>See</p><p><img src="/api/uploads/${uploadId}/blob"></p>`;
/** A finished picture upload of this user, old enough for the orphan sweep to take it if unreferenced. */
const oldPicture = (userId: number) =>
  createUpload(t, w.org.id, userId, {
    name: 'photo.png',
    bytes: Buffer.from('picture bytes'),
    createdAt: new Date(Date.now() - 2 * DAY),
  });
const readBlob = async (session: Session, uploadId: number) =>
  (await call(session, 'GET', `/api/uploads/${uploadId}/blob`)).statusCode;
const referencesOf = (type: string, parentId: number) =>
  t.db
    .select({ uploadId: uploadReferences.uploadId })
    .from(uploadReferences)
    .where(and(eq(uploadReferences.parentType, type), eq(uploadReferences.parentId, parentId)))
    .then((rows) => rows.map((r) => r.uploadId));
const sweep = () =>
  orphanUploadsService({ config: t.config, db: t.db, storage: t.storage, log: t.app.log }).sweepOrphanUploads(
    new Date(),
  );
const exists = async (uploadId: number) =>
  (await t.db.select({ id: uploads.id }).from(uploads).where(eq(uploads.id, uploadId))).length === 1;

describe('uploadIdsInHtml', () => {
  it('finds every upload address of the API in the markup, in order', () => {
    expect(
      uploadIdsInHtml('<img src="/api/uploads/12/blob"><a href="https://x.test/api/uploads/7/preview">f</a>'),
    ).toEqual([12, 7]);
    expect(uploadIdsInHtml('<img src="/elsewhere/12/blob">')).toEqual([]);
    expect(uploadIdsInHtml(null)).toEqual([]);
  });
});

describe('pictures in an activity description', () => {
  it('are attached on save, readable by the course, kept by the sweep and across the recycle bin', async () => {
    const pic = await oldPicture(w.teacher.id);
    const spare = await oldPicture(w.teacher.id);
    const created = await call(w.teacherSession, 'POST', `/api/courses/${w.course.id}/activities`, {
      type: 'forum',
      module_id: w.module.id,
      title: 'Discuss the photo',
      published: true,
      data: { description: picture(pic.id) },
    });
    expect(created.statusCode).toBe(201);
    const activityId = created.json().id as number;
    expect(await referencesOf(ACTIVITY_IMAGE_PARENT, activityId)).toEqual([pic.id]);

    expect(await readBlob(student(0).session, pic.id)).toBe(200);
    expect(await readBlob(outsider, pic.id)).toBe(404);

    await sweep();
    expect(await exists(pic.id)).toBe(true);
    expect(await exists(spare.id)).toBe(false);

    // In the recycle bin the picture is hidden with the activity, but not swept; restored, it shows again.
    expect((await call(w.teacherSession, 'DELETE', `/api/activities/${activityId}`)).statusCode).toBe(200);
    expect(await readBlob(student(0).session, pic.id)).toBe(404);
    await sweep();
    expect(await exists(pic.id)).toBe(true);
    const [row] = await t.db
      .select({ item: activities.recycleBinItemId })
      .from(activities)
      .where(eq(activities.id, activityId));
    const restored = await call(w.teacherSession, 'POST', `/api/recycle-bin/${row!.item}/restore`);
    expect(restored.statusCode).toBe(200);
    expect(await readBlob(student(0).session, pic.id)).toBe(200);

    // Taken out of the text, the picture is no longer referenced and the sweep frees it.
    const edited = await call(w.teacherSession, 'PUT', `/api/activities/${activityId}`, {
      data: { description: '<p>No picture now</p>' },
    });
    expect(edited.statusCode).toBe(200);
    expect(await referencesOf(ACTIVITY_IMAGE_PARENT, activityId)).toEqual([]);
    await sweep();
    expect(await exists(pic.id)).toBe(false);
  });

  it('hides pictures of an unpublished activity from students', async () => {
    const pic = await oldPicture(w.teacher.id);
    const created = await call(w.teacherSession, 'POST', `/api/courses/${w.course.id}/activities`, {
      type: 'forum',
      module_id: w.module.id,
      title: 'Draft forum',
      published: false,
      data: { description: picture(pic.id) },
    });
    expect(created.statusCode).toBe(201);
    expect(await readBlob(student(0).session, pic.id)).toBe(404);
  });

  it('refuses somebody else’s upload with a field error and stores nothing', async () => {
    const theirs = await oldPicture(student(0).user.id);
    const res = await call(w.teacherSession, 'POST', `/api/courses/${w.course.id}/activities`, {
      type: 'forum',
      module_id: w.module.id,
      title: 'Borrowed picture',
      data: { description: picture(theirs.id) },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toEqual(expect.any(String));
    expect(res.json().errors['data.description']).toHaveLength(1);
    const saved = await t.db.select().from(activities).where(eq(activities.title, 'Borrowed picture'));
    expect(saved).toEqual([]);
  });

  it('syncs the homework description saved through its own call', async () => {
    const hw = await createHomework(t, w);
    const pic = await oldPicture(w.teacher.id);
    const res = await call(w.teacherSession, 'PATCH', `/api/homeworks/${hw.id}/description`, {
      description: picture(pic.id),
    });
    expect(res.statusCode).toBe(200);
    expect(await referencesOf(ACTIVITY_IMAGE_PARENT, hw.id)).toEqual([pic.id]);
    expect(await readBlob(student(1).session, pic.id)).toBe(200);
  });
});

describe('pictures in forum posts and replies', () => {
  it('are readable by course members, refused when borrowed, and kept while the post exists', async () => {
    const forum = await createActivity(t, {
      courseId: w.course.id,
      moduleId: w.module.id,
      createdBy: w.teacher.id,
      type: 'forum',
    });
    const pic = await oldPicture(student(0).user.id);
    const posted = await call(student(0).session, 'POST', `/api/activities/${forum.id}/comments`, {
      content: picture(pic.id),
      title: 'My photo',
    });
    expect(posted.statusCode).toBe(201);
    const commentId = posted.json().id as number;
    expect(await referencesOf(DISCUSSION_IMAGE_PARENT, commentId)).toEqual([pic.id]);
    expect(await readBlob(student(1).session, pic.id)).toBe(200);
    expect(await readBlob(w.teacherSession, pic.id)).toBe(200);
    expect(await readBlob(outsider, pic.id)).toBe(404);

    // Another student cannot re-publish the picture in a post of their own…
    const borrowed = await call(student(1).session, 'POST', `/api/activities/${forum.id}/comments`, {
      content: picture(pic.id),
    });
    expect(borrowed.statusCode).toBe(400);
    expect(borrowed.json().errors.content).toHaveLength(1);
    // …but the instructor editing the student's post keeps its picture.
    const moderated = await call(w.teacherSession, 'PUT', `/api/comments/${commentId}`, {
      content: `<p>Edited by the teacher</p>${picture(pic.id)}`,
    });
    expect(moderated.statusCode).toBe(200);
    expect(await referencesOf(DISCUSSION_IMAGE_PARENT, commentId)).toEqual([pic.id]);

    const replyPic = await oldPicture(student(1).user.id);
    const replied = await call(student(1).session, 'POST', `/api/comments/${commentId}/replies`, {
      content: picture(replyPic.id),
    });
    expect(replied.statusCode).toBe(201);
    const replyId = replied.json().id as number;
    expect(await referencesOf(DISCUSSION_REPLY_IMAGE_PARENT, replyId)).toEqual([replyPic.id]);
    expect(await readBlob(student(0).session, replyPic.id)).toBe(200);
    expect(await readBlob(outsider, replyPic.id)).toBe(404);
    const stolenReply = await call(student(0).session, 'PUT', `/api/comment-replies/${replyId}`, {
      content: picture(pic.id),
    });
    expect(stolenReply.statusCode).toBe(403);

    await sweep();
    expect(await exists(pic.id)).toBe(true);
    expect(await exists(replyPic.id)).toBe(true);

    // Deleting the post (its replies go with it) lets the sweep free both pictures.
    expect((await call(student(0).session, 'DELETE', `/api/comments/${commentId}`)).statusCode).toBe(200);
    await sweep();
    expect(await exists(pic.id)).toBe(false);
    expect(await exists(replyPic.id)).toBe(false);
  });
});

describe('pictures in a homework hand-in', () => {
  it('are readable by the student and the teaching team only, and kept while the hand-in exists', async () => {
    const hw = await createHomework(t, w);
    const pic = await oldPicture(student(0).user.id);
    const unused = await oldPicture(student(0).user.id);
    const res = await call(student(0).session, 'POST', `/api/course/activities/${hw.id}/submissions`, {
      comment: picture(pic.id),
      uploads: [],
    });
    expect(res.statusCode).toBe(201);
    const submissionId = res.json().submission.id as number;
    expect(await referencesOf(HOMEWORK_SUBMISSION_IMAGE_PARENT, submissionId)).toEqual([pic.id]);

    expect(await readBlob(student(0).session, pic.id)).toBe(200);
    expect(await readBlob(w.teacherSession, pic.id)).toBe(200);
    expect(await readBlob(student(1).session, pic.id)).toBe(404);
    expect(await readBlob(outsider, pic.id)).toBe(404);

    // A new version may carry the picture over; a classmate may not hand it in as theirs.
    const again = await call(student(0).session, 'POST', `/api/course/activities/${hw.id}/submissions`, {
      comment: `<p>Second try</p>${picture(pic.id)}`,
      uploads: [],
    });
    expect(again.statusCode).toBe(201);
    expect(await referencesOf(HOMEWORK_SUBMISSION_IMAGE_PARENT, again.json().submission.id)).toEqual([
      pic.id,
    ]);
    const copied = await call(student(1).session, 'POST', `/api/course/activities/${hw.id}/submissions`, {
      comment: picture(pic.id),
      uploads: [],
    });
    expect(copied.statusCode).toBe(400);
    expect(copied.json().message).toEqual(expect.any(String));
    expect(copied.json().errors.comment).toHaveLength(1);

    await sweep();
    expect(await exists(pic.id)).toBe(true);
    expect(await exists(unused.id)).toBe(false);
  });

  it('syncs the pictures of a draft', async () => {
    const hw = await createHomework(t, w);
    const pic = await oldPicture(student(2).user.id);
    const res = await call(student(2).session, 'POST', `/api/course/activities/${hw.id}/submissions`, {
      comment: picture(pic.id),
      uploads: [],
      is_draft: true,
    });
    expect(res.statusCode).toBe(201);
    expect(await referencesOf(HOMEWORK_SUBMISSION_IMAGE_PARENT, res.json().submission.id)).toEqual([pic.id]);
  });
});
