import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { ExamData } from '@lectern/contracts/exams/exam-settings';
import { activities } from '../../db/schema/activities.ts';
import { examMarkedAttachments } from '../../db/schema/exam-submissions.ts';
import { uploadReferences, uploads } from '../../db/schema/uploads.ts';
import {
  caller,
  createExamWorld,
  createOpenExam,
  takeExam,
  type ExamWorld,
} from '../../test/exam-taking-factories.ts';
import {
  addMember,
  createGroup,
  createGroupSet,
  createUpload,
  createUser,
  loginAs,
  type Session,
} from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { orphanUploadsService } from '../uploads/orphan-uploads.service.ts';

const HOUR = 3600_000;

let t: TestApp;
let w: ExamWorld;
let as: ReturnType<typeof caller>;

beforeAll(async () => {
  t = await createTestApp();
  w = await createExamWorld(t, 3);
  as = caller(t);
});
afterAll(async () => t.close());

const student = (i: number) => w.students[i]!.session;

/** An exam taken by `taker` whose marker attached a file; scores are released as `data` says. */
async function markedSubmission(
  data: Partial<ExamData>,
  options: { taker?: Session; uploadCreatedAt?: Date } = {},
) {
  const exam = await createOpenExam(t, w, [{ type: 'short_answer', description: 'Explain', point: 5 }], {
    data,
  });
  const submissionId = await takeExam(t, exam.id, options.taker ?? student(0));
  const upload = await createUpload(t, w.org.id, w.teacher.id, {
    bytes: Buffer.from('marker notes'),
    name: 'notes.txt',
    ...(options.uploadCreatedAt ? { createdAt: options.uploadCreatedAt } : {}),
  });
  const res = await as(w.teacherSession, {
    method: 'POST',
    url: `/api/exams/${exam.id}/submissions/${submissionId}/marked-attachments`,
    payload: { upload_id: upload.id },
  });
  expect(res.statusCode).toBe(201);
  return { exam, submissionId, upload, attachmentId: res.json().id as number };
}

const download = (session: Session, uploadId: number) =>
  as(session, { method: 'GET', url: `/api/uploads/${uploadId}/blob` });
const status = (session: Session, uploadId: number) =>
  as(session, { method: 'GET', url: `/api/uploads/${uploadId}` });

async function release(examId: number, data: Partial<ExamData>) {
  const [row] = await t.db.select().from(activities).where(eq(activities.id, examId));
  await t.db
    .update(activities)
    .set({ data: { ...(row!.data as object), ...data } })
    .where(eq(activities.id, examId));
}

describe('reading a marked attachment', () => {
  it('lets the student download it once scores are released, not before', async () => {
    const { exam, upload } = await markedSubmission({ announce_score_type: 'never' });
    expect((await download(student(0), upload.id)).statusCode).toBe(404);
    expect((await status(student(0), upload.id)).statusCode).toBe(404);

    await release(exam.id, { announce_score_type: 'after_submit' });
    const res = await download(student(0), upload.id);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('marker notes');
    const read = await status(student(0), upload.id);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ id: upload.id, name: 'notes.txt' });
  });

  it('follows a release date: hidden before it, readable after it', async () => {
    const { exam, upload } = await markedSubmission({
      announce_score_type: 'after_date',
      announce_score_time: new Date(Date.now() + HOUR).toISOString(),
    });
    expect((await download(student(0), upload.id)).statusCode).toBe(404);
    await release(exam.id, { announce_score_time: new Date(Date.now() - HOUR).toISOString() });
    expect((await download(student(0), upload.id)).statusCode).toBe(200);
  });

  it('hides it from a classmate and from someone outside the course', async () => {
    const { upload } = await markedSubmission({ announce_score_type: 'after_submit' });
    expect((await download(student(1), upload.id)).statusCode).toBe(404);
    expect((await status(student(1), upload.id)).statusCode).toBe(404);
    const stranger = await loginAs(t, await createUser(t, w.org.id));
    expect((await download(stranger, upload.id)).statusCode).toBe(404);
  });

  it('lets the whole teaching team read it, released or not', async () => {
    const { upload } = await markedSubmission({ announce_score_type: 'never' });
    const assistant = await createUser(t, w.org.id);
    await addMember(t, w.course.id, assistant.id, ['instructor_assistant']);
    const session = await loginAs(t, assistant);
    expect((await download(session, upload.id)).statusCode).toBe(200);
    expect((await status(session, upload.id)).statusCode).toBe(200);
    expect((await download(w.teacherSession, upload.id)).statusCode).toBe(200);
  });

  it('stops reading once the attachment is deleted', async () => {
    const { upload, attachmentId } = await markedSubmission({ announce_score_type: 'after_submit' });
    expect((await download(student(0), upload.id)).statusCode).toBe(200);
    const removed = await as(w.teacherSession, {
      method: 'DELETE',
      url: `/api/uploads/marked_attachment/${attachmentId}`,
    });
    expect(removed.statusCode).toBe(200);
    expect((await download(student(0), upload.id)).statusCode).toBe(404);
  });

  it('lets the members of the group that handed in a group exam read it, and no other group', async () => {
    const set = await createGroupSet(t, w.course.id);
    await createGroup(t, set.id, { memberIds: [w.students[0]!.user.id, w.students[1]!.user.id] });
    await createGroup(t, set.id, { memberIds: [w.students[2]!.user.id] });
    const { upload } = await markedSubmission(
      { announce_score_type: 'after_submit', group_set_id: set.id },
      { taker: student(1) },
    );
    expect((await download(student(0), upload.id)).statusCode).toBe(200);
    expect((await download(student(1), upload.id)).statusCode).toBe(200);
    expect((await download(student(2), upload.id)).statusCode).toBe(404);
  });
});

describe('deleting an exam with marked attachments', () => {
  const sweeper = () =>
    orphanUploadsService({ config: t.config, db: t.db, storage: t.storage, log: t.app.log });
  const uploadExists = async (id: number) =>
    (await t.db.select({ id: uploads.id }).from(uploads).where(eq(uploads.id, id))).length === 1;

  it('keeps the file while the exam is in the recycle bin, and leaves it to the sweep once purged', async () => {
    const { exam, upload, attachmentId } = await markedSubmission(
      { announce_score_type: 'after_submit' },
      { uploadCreatedAt: new Date(Date.now() - 72 * HOUR) },
    );
    // Attached: the sweep keeps it however old it is.
    await sweeper().sweepOrphanUploads(new Date());
    expect(await uploadExists(upload.id)).toBe(true);

    const deleted = await as(w.teacherSession, { method: 'DELETE', url: `/api/activities/${exam.id}` });
    expect(deleted.statusCode).toBe(200);
    // In the bin the exam can still be restored with its marking, so the file stays; nobody reaches it.
    await sweeper().sweepOrphanUploads(new Date());
    expect(await uploadExists(upload.id)).toBe(true);
    expect((await download(student(0), upload.id)).statusCode).toBe(404);

    const bin = await as(w.teacherSession, { method: 'GET', url: `/api/courses/${w.course.id}/recycle-bin` });
    const item = (bin.json().items as { id: number; title: string }[]).find((i) => i.title === exam.title);
    expect(item).toBeDefined();
    const purged = await as(w.teacherSession, { method: 'DELETE', url: `/api/recycle-bin/${item!.id}` });
    expect(purged.statusCode).toBe(200);
    expect(
      await t.db.select().from(examMarkedAttachments).where(eq(examMarkedAttachments.id, attachmentId)),
    ).toEqual([]);
    // Nobody can reach it through the gone attachment any more.
    expect((await download(student(0), upload.id)).statusCode).toBe(404);

    await sweeper().sweepOrphanUploads(new Date());
    expect(await uploadExists(upload.id)).toBe(false);
    expect(await t.storage.exists(upload.storageKey!)).toBe(false);
    expect(
      await t.db.select().from(uploadReferences).where(eq(uploadReferences.uploadId, upload.id)),
    ).toEqual([]);
  });

  it('still keeps a file whose marked attachment was deleted while it is attached elsewhere', async () => {
    const { exam, upload } = await markedSubmission(
      { announce_score_type: 'after_submit' },
      { uploadCreatedAt: new Date(Date.now() - 72 * HOUR) },
    );
    const other = await createOpenExam(t, w, []);
    await t.db.insert(uploadReferences).values({
      uploadId: upload.id,
      parentType: 'learning_activity',
      parentId: other.id,
      name: 'notes.txt',
      createdBy: w.teacher.id,
    });
    await as(w.teacherSession, { method: 'DELETE', url: `/api/activities/${exam.id}` });
    await sweeper().sweepOrphanUploads(new Date());
    expect(await uploadExists(upload.id)).toBe(true);
  });
});
