import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { HOMEWORK_STATUS } from '@lectern/contracts/homework/homework.rules';
import { ACTIVITY_PARENT } from '@lectern/contracts/uploads/upload.schemas';
import { buildApp, type App } from '../../app.ts';
import { activities, videoWatchRanges } from '../../db/schema/activities.ts';
import { courseModules, syllabi } from '../../db/schema/courses.ts';
import { homeworkSubmitters } from '../../db/schema/homework.ts';
import { users } from '../../db/schema/identity.ts';
import { uploadReferences, uploads } from '../../db/schema/uploads.ts';
import { openDatabase, type DatabaseHandle } from '../../platform/database.ts';
import {
  addMember,
  createActivity,
  createCourse,
  createModule,
  createOrg,
  createSyllabus,
  createUpload,
  createUser,
  loginAs,
  type Session,
} from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

// The activity list is served from a cache stamped with the course's content version (issue 21). Each
// test reads the list once (filling the cache), changes one input the list shows, and expects the very
// next read to show the change. Runs on PGlite and, in the PostgreSQL pass, on PostgreSQL.

let t: TestApp;
let orgId: number;
let teacher: { id: number; name: string };
let student: { id: number };
let otherStudent: { id: number };
let teacherSession: Session;
let studentSession: Session;
let otherStudentSession: Session;

beforeAll(async () => {
  t = await createTestApp();
  orgId = (await createOrg(t)).id;
  teacher = await createUser(t, orgId, { name: 'Teacher Tao' });
  student = await createUser(t, orgId);
  otherStudent = await createUser(t, orgId);
  teacherSession = await loginAs(t, teacher);
  studentSession = await loginAs(t, student);
  otherStudentSession = await loginAs(t, otherStudent);
});
afterAll(async () => t.close());

type Listed = {
  id: number;
  title: string;
  module_name: string;
  syllabus_id: number | null;
  syllabus_summary: string | null;
  status: string;
  created_by: { id: number; name: string };
  uploads: { name: string; size: number; can_download: boolean }[];
  read: boolean;
  completed?: boolean;
};

async function listVia(app: App, session: Session, courseId: number): Promise<Listed[]> {
  const res = await app.inject({
    method: 'GET',
    url: `/api/courses/${courseId}/activities`,
    headers: session.headers,
  });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  return (res.json() as { activities: Listed[] }).activities;
}
const list = (session: Session, courseId: number) => listVia(t.app, session, courseId);
const titles = async (session: Session, courseId: number) =>
  (await list(session, courseId)).map((a) => a.title);

/** A course with the teacher and both students, one module, and one published activity. */
async function course() {
  const { id: courseId } = await createCourse(t, orgId, teacher.id);
  await addMember(t, courseId, teacher.id, ['instructor']);
  await addMember(t, courseId, student.id, ['student']);
  await addMember(t, courseId, otherStudent.id, ['student']);
  const moduleId = (await createModule(t, courseId, { name: 'Week 1', sort: 1 })).id;
  const activity = await createActivity(t, { courseId, moduleId, createdBy: teacher.id, title: 'Reading' });
  return { courseId, moduleId, activity };
}

describe('the cached activity list follows every write that changes it', () => {
  it('an activity edited through the API', async () => {
    const { courseId, activity } = await course();
    expect(await titles(studentSession, courseId)).toEqual(['Reading']);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/activities/${activity.id}`,
      headers: teacherSession.headers,
      payload: { title: 'Reading, revised' },
    });
    expect(res.statusCode).toBe(200);
    expect(await titles(studentSession, courseId)).toEqual(['Reading, revised']);
  });

  it('an activity created, unpublished and published again', async () => {
    const { courseId, moduleId, activity } = await course();
    expect(await titles(studentSession, courseId)).toEqual(['Reading']);
    const created = await t.app.inject({
      method: 'POST',
      url: `/api/courses/${courseId}/activities`,
      headers: teacherSession.headers,
      payload: { type: 'material', module_id: moduleId, title: 'Slides', published: true },
    });
    expect(created.statusCode).toBe(201);
    expect(await titles(studentSession, courseId)).toEqual(['Reading', 'Slides']);
    await t.db.update(activities).set({ published: false }).where(eq(activities.id, activity.id));
    expect(await titles(studentSession, courseId)).toEqual(['Slides']);
    // The teaching team's variant still lists the draft.
    expect(await titles(teacherSession, courseId)).toEqual(['Reading', 'Slides']);
    await t.db.update(activities).set({ published: true }).where(eq(activities.id, activity.id));
    expect(await titles(studentSession, courseId)).toEqual(['Reading', 'Slides']);
  });

  it('an activity deleted to the recycle bin and restored from it', async () => {
    const { courseId, activity } = await course();
    expect(await titles(studentSession, courseId)).toEqual(['Reading']);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/activities/${activity.id}`,
      headers: teacherSession.headers,
    });
    expect(deleted.statusCode).toBe(200);
    expect(await titles(studentSession, courseId)).toEqual([]);
    const [row] = await t.db
      .select({ item: activities.recycleBinItemId })
      .from(activities)
      .where(eq(activities.id, activity.id));
    const restored = await t.app.inject({
      method: 'POST',
      url: `/api/recycle-bin/${row!.item}/restore`,
      headers: teacherSession.headers,
    });
    expect(restored.statusCode).toBe(200);
    expect(await titles(studentSession, courseId)).toEqual(['Reading']);
  });

  it('a module renamed, and modules reordered', async () => {
    const { courseId, moduleId } = await course();
    const week2 = await createModule(t, courseId, { name: 'Week 2', sort: 2 });
    await createActivity(t, { courseId, moduleId: week2.id, createdBy: teacher.id, title: 'Quiz' });
    expect((await list(studentSession, courseId)).map((a) => a.module_name)).toEqual(['Week 1', 'Week 2']);
    await t.db.update(courseModules).set({ name: 'Week one' }).where(eq(courseModules.id, moduleId));
    expect((await list(studentSession, courseId)).map((a) => a.module_name)).toEqual(['Week one', 'Week 2']);
    await t.db.update(courseModules).set({ sort: 0 }).where(eq(courseModules.id, week2.id));
    expect(await titles(studentSession, courseId)).toEqual(['Quiz', 'Reading']);
  });

  it('an activity moved to another module', async () => {
    const { courseId, activity } = await course();
    const week2 = await createModule(t, courseId, { name: 'Week 2', sort: 2 });
    expect((await list(studentSession, courseId))[0]!.module_name).toBe('Week 1');
    await t.db.update(activities).set({ moduleId: week2.id }).where(eq(activities.id, activity.id));
    expect((await list(studentSession, courseId))[0]!.module_name).toBe('Week 2');
  });

  it('a syllabus renamed, and put in the recycle bin', async () => {
    const { courseId, moduleId, activity } = await course();
    const syllabus = await createSyllabus(t, courseId, moduleId, { summary: 'Part A' });
    await t.db.update(activities).set({ syllabusId: syllabus.id }).where(eq(activities.id, activity.id));
    expect((await list(studentSession, courseId))[0]!.syllabus_summary).toBe('Part A');
    await t.db.update(syllabi).set({ summary: 'Part One' }).where(eq(syllabi.id, syllabus.id));
    expect((await list(studentSession, courseId))[0]!.syllabus_summary).toBe('Part One');
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/syllabuses/${syllabus.id}`,
      headers: teacherSession.headers,
    });
    expect(deleted.statusCode).toBe(200);
    // A syllabus in the recycle bin is not shown: its activities read as directly in the module.
    expect((await list(studentSession, courseId))[0]).toMatchObject({
      syllabus_id: null,
      syllabus_summary: null,
    });
  });

  it("a creator's name changed", async () => {
    const { courseId, moduleId } = await course();
    const renamed = await createUser(t, orgId, { name: 'Ada' });
    await addMember(t, courseId, renamed.id, ['instructor']);
    await createActivity(t, { courseId, moduleId, createdBy: renamed.id, title: 'By Ada' });
    expect((await list(studentSession, courseId)).map((a) => a.created_by.name)).toEqual([
      'Teacher Tao',
      'Ada',
    ]);
    await t.db.update(users).set({ name: 'Ada L.' }).where(eq(users.id, renamed.id));
    expect((await list(studentSession, courseId)).map((a) => a.created_by.name)).toEqual([
      'Teacher Tao',
      'Ada L.',
    ]);
  });

  it('an attachment added, its file renamed, and its download right changed', async () => {
    const { courseId, activity } = await course();
    expect((await list(studentSession, courseId))[0]!.uploads).toEqual([]);
    const upload = await createUpload(t, orgId, teacher.id, { bytes: Buffer.from('notes') });
    const [reference] = await t.db
      .insert(uploadReferences)
      .values({
        uploadId: upload.id,
        parentType: ACTIVITY_PARENT,
        parentId: activity.id,
        name: 'notes.txt',
        createdBy: teacher.id,
      })
      .returning();
    expect((await list(studentSession, courseId))[0]!.uploads).toMatchObject([
      { name: 'notes.txt', size: 5, can_download: true },
    ]);
    await t.db.update(uploads).set({ size: 7 }).where(eq(uploads.id, upload.id));
    expect((await list(studentSession, courseId))[0]!.uploads[0]!.size).toBe(7);
    await t.db
      .update(uploadReferences)
      .set({ allowDownload: false })
      .where(eq(uploadReferences.id, reference!.id));
    expect((await list(studentSession, courseId))[0]!.uploads[0]!.can_download).toBe(false);
    // The teaching team may always download: same cached course, another variant.
    expect((await list(teacherSession, courseId))[0]!.uploads[0]!.can_download).toBe(true);
    await t.db.delete(uploadReferences).where(eq(uploadReferences.id, reference!.id));
    expect((await list(studentSession, courseId))[0]!.uploads).toEqual([]);
  });

  it("a student's own upload is downloadable to them alone while the list is shared", async () => {
    const { courseId, activity } = await course();
    const upload = await createUpload(t, orgId, student.id, { bytes: Buffer.from('mine') });
    await t.db.insert(uploadReferences).values({
      uploadId: upload.id,
      parentType: ACTIVITY_PARENT,
      parentId: activity.id,
      name: 'mine.txt',
      allowDownload: false,
      createdBy: teacher.id,
    });
    expect((await list(studentSession, courseId))[0]!.uploads[0]!.can_download).toBe(true);
    expect((await list(otherStudentSession, courseId))[0]!.uploads[0]!.can_download).toBe(false);
  });

  it("read marks are the viewer's own, and the next read shows a new one", async () => {
    const { courseId, activity } = await course();
    await t.db
      .update(activities)
      .set({ completionCriterionKey: 'view' })
      .where(eq(activities.id, activity.id));
    expect(await list(studentSession, courseId)).toMatchObject([{ read: false, completed: false }]);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/course/activities-read/${activity.id}`,
      headers: studentSession.headers,
      payload: {},
    });
    expect(res.statusCode).toBe(200);
    expect(await list(studentSession, courseId)).toMatchObject([{ read: true, completed: true }]);
    expect(await list(otherStudentSession, courseId)).toMatchObject([{ read: false, completed: false }]);
  });

  it("completion by a homework hand-in is the student's own", async () => {
    const { courseId, moduleId } = await course();
    const homework = await createActivity(t, {
      courseId,
      moduleId,
      createdBy: teacher.id,
      type: 'homework',
      title: 'Essay',
      completionCriterionKey: 'submitted',
    });
    const essay = async (session: Session) =>
      (await list(session, courseId)).find((a) => a.id === homework.id)!.completed;
    expect(await essay(studentSession)).toBe(false);
    await t.db.insert(homeworkSubmitters).values({
      activityId: homework.id,
      userId: student.id,
      status: HOMEWORK_STATUS.submitted,
      lastVersion: 1,
    });
    expect(await essay(studentSession)).toBe(true);
    expect(await essay(otherStudentSession)).toBe(false);
  });

  it("completion of a video by the share watched is the student's own", async () => {
    const { courseId, moduleId } = await course();
    const video = await createActivity(t, {
      courseId,
      moduleId,
      createdBy: teacher.id,
      type: 'online_video',
      title: 'Lecture',
      completionCriterionKey: 'completeness',
      completionCriterionValue: 80,
    });
    const lecture = async (session: Session) =>
      (await list(session, courseId)).find((a) => a.id === video.id)!.completed;
    expect(await lecture(studentSession)).toBe(false);
    await t.db
      .insert(videoWatchRanges)
      .values({ activityId: video.id, userId: student.id, ranges: [[0, 100]], completeness: 100 });
    expect(await lecture(studentSession)).toBe(true);
    expect(await lecture(otherStudentSession)).toBe(false);
  });

  describe('with the clock', () => {
    afterEach(() => vi.useRealTimers());

    it('derives the status again once a start time has passed, with no write at all', async () => {
      const { courseId, activity } = await course();
      const start = new Date(Date.now() + 600_000);
      await t.db.update(activities).set({ startTime: start }).where(eq(activities.id, activity.id));
      expect((await list(studentSession, courseId))[0]!.status).toBe('notStarted');
      vi.useFakeTimers({ toFake: ['Date'], now: start.getTime() + 1000 });
      expect((await list(studentSession, courseId))[0]!.status).toBe('inProgress');
    });
  });

  it('serves the courseware form from the same entry, following the same writes', async () => {
    const { courseId, activity } = await course();
    const coursewares = async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/course/${courseId}/coursewares`,
        headers: studentSession.headers,
      });
      expect(res.statusCode).toBe(200);
      return (res.json() as { activities: Listed[] }).activities.map((a) => a.title);
    };
    expect(await coursewares()).toEqual(['Reading']);
    await t.db.update(activities).set({ title: 'Reader' }).where(eq(activities.id, activity.id));
    expect(await coursewares()).toEqual(['Reader']);
  });
});

// Behind a load balancer each process has its own cache; the stamp in the database keeps them honest.
describe.skipIf(!process.env.TEST_DATABASE_URL)('two app instances on one PostgreSQL database', () => {
  let other: { app: App; database: DatabaseHandle };

  beforeAll(async () => {
    const database = await openDatabase({
      url: t.config.databaseUrl,
      poolSize: 2,
      onConnectionLost: () => {},
    });
    const app = await buildApp({ config: t.config, database, logger: false, serveWeb: false });
    await app.ready();
    other = { app, database };
  });
  afterAll(async () => {
    await other.app.close();
    await other.database.close();
  });

  it('a write through one instance is seen by the next read through the other', async () => {
    const { courseId, activity } = await course();
    expect((await listVia(other.app, studentSession, courseId)).map((a) => a.title)).toEqual(['Reading']);
    expect(await titles(studentSession, courseId)).toEqual(['Reading']);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/activities/${activity.id}`,
      headers: teacherSession.headers,
      payload: { title: 'Chapter 2' },
    });
    expect(res.statusCode).toBe(200);
    expect((await listVia(other.app, studentSession, courseId)).map((a) => a.title)).toEqual(['Chapter 2']);
    const marked = await other.app.inject({
      method: 'POST',
      url: `/api/course/activities-read/${activity.id}`,
      headers: studentSession.headers,
      payload: {},
    });
    expect(marked.statusCode).toBe(200);
    expect((await list(studentSession, courseId))[0]!.read).toBe(true);
  });
});
