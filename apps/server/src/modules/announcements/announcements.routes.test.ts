import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import {
  AnnouncementSchema,
  AnnouncementsResponseSchema,
  CourseBulletinsResponseSchema,
  OrgAnnouncementsResponseSchema,
  type Announcement,
} from '@lectern/contracts/announcements/announcements.schemas';
import { announcements } from '../../db/schema/announcements.ts';
import { jobs } from '../../db/schema/jobs.ts';
import { notifications } from '../../db/schema/notifications.ts';
import {
  addMember,
  createCourse,
  createOrg,
  createUpload,
  createUser,
  loginAs,
  type Session,
} from '../../test/factories.ts';
import { runJobsUntilIdle } from '../../test/jobs.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { ANNOUNCEMENT_PUBLISH_JOB } from './announcements.service.ts';

let t: TestApp;
let orgId: number;
let courseId: number;
let otherCourseId: number;
let teacher: { id: number; name: string };
let teacherSession: Session;
let assistantSession: Session;
let studentSession: Session;
let secondStudentSession: Session;
let outsiderSession: Session;
let adminSession: Session;
let student: { id: number };
let secondStudent: { id: number };

beforeAll(async () => {
  t = await createTestApp();
  orgId = (await createOrg(t)).id;
  teacher = await createUser(t, orgId, { name: 'Ada Teacher' });
  const assistant = await createUser(t, orgId);
  student = await createUser(t, orgId);
  secondStudent = await createUser(t, orgId);
  const outsider = await createUser(t, orgId);
  const admin = await createUser(t, orgId, { orgRole: 'admin' });
  courseId = (await createCourse(t, orgId, teacher.id, { name: 'Physics' })).id;
  await addMember(t, courseId, assistant.id, ['instructor_assistant']);
  await addMember(t, courseId, student.id, ['student']);
  await addMember(t, courseId, secondStudent.id, ['student']);
  otherCourseId = (await createCourse(t, orgId, teacher.id)).id;
  await addMember(t, otherCourseId, outsider.id, ['student']);
  teacherSession = await loginAs(t, teacher);
  assistantSession = await loginAs(t, assistant);
  studentSession = await loginAs(t, student);
  secondStudentSession = await loginAs(t, secondStudent);
  outsiderSession = await loginAs(t, outsider);
  adminSession = await loginAs(t, admin);
});
afterAll(async () => t.close());

beforeEach(async () => {
  await t.db.delete(announcements);
  await t.db.delete(notifications);
  await t.db.delete(jobs);
});

const request = (session: Session, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: object) =>
  t.app.inject({ method, url, headers: session.headers, ...(body === undefined ? {} : { payload: body }) });

async function post(session: Session, body: Record<string, unknown>, course = courseId) {
  return request(session, 'POST', `/api/courses/${course}/announcements`, body);
}

async function created(body: Record<string, unknown>): Promise<Announcement> {
  const res = await post(teacherSession, body);
  expect(res.statusCode).toBe(201);
  return AnnouncementSchema.parse(res.json());
}

async function listAs(session: Session) {
  const res = await request(session, 'GET', `/api/courses/${courseId}/announcements`);
  expect(res.statusCode).toBe(200);
  return AnnouncementsResponseSchema.parse(res.json());
}

const announcementNotifications = () =>
  t.db
    .select({
      userId: notifications.userId,
      payload: notifications.payload,
      courseId: notifications.courseId,
    })
    .from(notifications)
    .where(eq(notifications.type, 'announcement_published'))
    .orderBy(notifications.userId);

/** As if the clock had reached the announcement's publication time (and its queued job's). */
async function timePasses(id: number) {
  const past = new Date(Date.now() - 1000);
  await t.db.update(announcements).set({ publishAt: past }).where(eq(announcements.id, id));
  await t.db.update(jobs).set({ runAt: past }).where(eq(jobs.type, ANNOUNCEMENT_PUBLISH_JOB));
}

describe('posting a course announcement', () => {
  it('publishes at once: students list it with its author, and each of them is notified', async () => {
    const announcement = await created({
      title: 'Welcome',
      content: '<p>Read the syllabus.</p>',
      pinned: true,
    });
    expect(announcement).toMatchObject({
      course_id: courseId,
      title: 'Welcome',
      published: true,
      pinned: true,
      created_by: { id: teacher.id, name: 'Ada Teacher' },
      can_manage: true,
    });
    const list = await listAs(studentSession);
    expect(list.announcements.map((a) => a.title)).toEqual(['Welcome']);
    expect(list.announcements[0]?.can_manage).toBe(false);
    const sent = await announcementNotifications();
    // Everyone of the course but the author: the assistant and both students.
    expect(sent).toHaveLength(3);
    expect(sent.map((n) => n.userId)).toEqual(expect.arrayContaining([student.id, secondStudent.id]));
    expect(sent.every((n) => n.courseId === courseId && n.payload.title === 'Welcome')).toBe(true);
  });

  it('stores sanitised HTML and a plain-text title', async () => {
    const announcement = await created({
      title: '<b>Exam</b> moved',
      content:
        '<p onclick="steal()">Room <strong>B</strong><script>alert(1)</script><a href="javascript:x()">x</a></p>',
    });
    const [row] = await t.db.select().from(announcements).where(eq(announcements.id, announcement.id));
    expect(row?.title).toBe('Exam moved');
    expect(row?.content).toContain('<strong>B</strong>');
    expect(row?.content).not.toMatch(/script|onclick|javascript/);
  });

  it('lets an assistant post, and refuses a student with a message', async () => {
    expect((await post(assistantSession, { title: 'From the TA', content: '<p>Hi</p>' })).statusCode).toBe(
      201,
    );
    const res = await post(studentSession, { title: 'Hacked', content: '<p>x</p>' });
    expect(res.statusCode).toBe(403);
    expect(res.json<{ message: string }>().message).toMatch(/teaching team/);
    expect((await listAs(studentSession)).announcements.map((a) => a.title)).toEqual(['From the TA']);
  });

  it('names the invalid fields', async () => {
    const res = await post(teacherSession, { title: 'x'.repeat(101), content: '' });
    expect(res.statusCode).toBe(400);
    const errors = res.json<{ errors: Record<string, string[]> }>().errors;
    expect(errors.title?.[0]).toMatch(/at most 100/);
    expect(errors.content?.[0]).toMatch(/Enter the announcement text/);
  });
});

describe('scheduled publication', () => {
  it('hides the announcement from students until publish_at, then notifies them once through the job', async () => {
    const publishAt = new Date(Date.now() + 3600_000).toISOString();
    const announcement = await created({ title: 'Midterm', content: '<p>Week 9</p>', publish_at: publishAt });
    expect(announcement.published).toBe(false);
    expect(announcement.publish_at).toBe(publishAt);

    expect((await listAs(studentSession)).announcements).toHaveLength(0);
    expect((await request(studentSession, 'GET', `/api/announcements/${announcement.id}`)).statusCode).toBe(
      404,
    );
    expect((await listAs(teacherSession)).announcements.map((a) => a.published)).toEqual([false]);
    expect(await announcementNotifications()).toHaveLength(0);
    // Not yet due: running the queue now sends nothing.
    await runJobsUntilIdle(t);
    expect(await announcementNotifications()).toHaveLength(0);

    await timePasses(announcement.id);
    expect(await runJobsUntilIdle(t)).toBe(1);
    expect((await announcementNotifications()).map((n) => n.userId)).toEqual(
      expect.arrayContaining([student.id, secondStudent.id]),
    );
    expect(await announcementNotifications()).toHaveLength(3);
    expect((await listAs(studentSession)).announcements.map((a) => a.title)).toEqual(['Midterm']);

    // Editing it afterwards does not announce it again.
    const edit = await request(teacherSession, 'PUT', `/api/announcements/${announcement.id}`, {
      title: 'Midterm (room B)',
      content: '<p>Week 9</p>',
    });
    expect(edit.statusCode).toBe(200);
    await runJobsUntilIdle(t);
    expect(await announcementNotifications()).toHaveLength(3);
  });

  it('publishing a scheduled announcement now withdraws its job and notifies at once', async () => {
    const announcement = await created({
      title: 'Later',
      content: '<p>x</p>',
      publish_at: new Date(Date.now() + 86_400_000).toISOString(),
    });
    const res = await request(teacherSession, 'PUT', `/api/announcements/${announcement.id}`, {
      title: 'Now',
      content: '<p>x</p>',
      publish_at: null,
    });
    expect(AnnouncementSchema.parse(res.json()).published).toBe(true);
    expect(await announcementNotifications()).toHaveLength(3);
    const pending = await t.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.type, ANNOUNCEMENT_PUBLISH_JOB), eq(jobs.status, 'init')));
    expect(pending).toHaveLength(0);
  });

  it('deleting a scheduled announcement withdraws its job: nobody is ever notified', async () => {
    const announcement = await created({
      title: 'Never',
      content: '<p>x</p>',
      publish_at: new Date(Date.now() + 3600_000).toISOString(),
    });
    const res = await request(teacherSession, 'DELETE', `/api/announcements/${announcement.id}`);
    expect(res.json()).toEqual({ id: announcement.id });
    await t.db.update(jobs).set({ runAt: sql`now() - interval '1 second'` });
    await runJobsUntilIdle(t);
    expect(await announcementNotifications()).toHaveLength(0);
    expect((await listAs(teacherSession)).announcements).toHaveLength(0);
  });
});

describe('who may read and change', () => {
  it('refuses a student of another course the list, the announcement and the bulletins', async () => {
    const announcement = await created({ title: 'Physics only', content: '<p>x</p>' });
    expect((await request(outsiderSession, 'GET', `/api/courses/${courseId}/announcements`)).statusCode).toBe(
      403,
    );
    expect((await request(outsiderSession, 'GET', `/api/announcements/${announcement.id}`)).statusCode).toBe(
      403,
    );
    expect(
      (await request(outsiderSession, 'GET', `/api/course-bulletins?course_id=${courseId}`)).statusCode,
    ).toBe(403);
    expect(
      (await request(outsiderSession, 'PUT', `/api/announcements/${announcement.id}/read`)).statusCode,
    ).toBe(403);
  });

  it('lets the instructors edit and delete, never a student', async () => {
    const announcement = await created({ title: 'Draft', content: '<p>x</p>' });
    const body = { title: 'Changed by a student', content: '<p>x</p>' };
    expect(
      (await request(studentSession, 'PUT', `/api/announcements/${announcement.id}`, body)).statusCode,
    ).toBe(403);
    expect(
      (await request(studentSession, 'DELETE', `/api/announcements/${announcement.id}`)).statusCode,
    ).toBe(403);
    const edited = await request(teacherSession, 'PUT', `/api/announcements/${announcement.id}`, {
      title: 'Final',
      content: '<p>y</p>',
      pinned: true,
    });
    expect(AnnouncementSchema.parse(edited.json())).toMatchObject({
      title: 'Final',
      content: '<p>y</p>',
      pinned: true,
    });
    expect(
      (await request(teacherSession, 'DELETE', `/api/announcements/${announcement.id}`)).statusCode,
    ).toBe(200);
    expect((await listAs(studentSession)).announcements).toHaveLength(0);
  });

  it('refuses writes while the instructor views the course as a student', async () => {
    const simulating = await loginAs(t, teacher, { simulatingCourseId: courseId });
    const res = await post(simulating, { title: 'x', content: '<p>x</p>' });
    expect(res.statusCode).toBe(403);
    expect(res.json<{ code: string }>().code).toBe('simulating_read_only');
  });
});

describe('read state', () => {
  it('counts each student’s unread announcements and marks one read when opened, once', async () => {
    const first = await created({ title: 'One', content: '<p>1</p>' });
    await created({ title: 'Two', content: '<p>2</p>' });
    await created({
      title: 'Scheduled',
      content: '<p>3</p>',
      publish_at: new Date(Date.now() + 3600_000).toISOString(),
    });
    expect((await listAs(studentSession)).unread_count).toBe(2);

    const opened = await request(studentSession, 'PUT', `/api/announcements/${first.id}/read`);
    expect(opened.statusCode).toBe(200);
    const readAt = AnnouncementSchema.parse(opened.json()).read_at;
    expect(readAt).not.toBeNull();
    const again = await request(studentSession, 'PUT', `/api/announcements/${first.id}/read`);
    expect(AnnouncementSchema.parse(again.json()).read_at).toBe(readAt);

    const list = await listAs(studentSession);
    expect(list.unread_count).toBe(1);
    expect(list.announcements.find((a) => a.id === first.id)?.read_at).toBe(readAt);
    // Another student's count is their own.
    expect((await listAs(secondStudentSession)).unread_count).toBe(2);
  });
});

describe('attachments', () => {
  it('attaches the teacher’s file for students to download, and refuses a file the teacher may not use', async () => {
    const file = await createUpload(t, orgId, teacher.id, {
      bytes: Buffer.from('slides'),
      name: 'slides.txt',
    });
    const foreign = await createUpload(t, orgId, student.id, { bytes: Buffer.from('mine') });
    const refused = await post(teacherSession, { title: 'x', content: '<p>x</p>', upload_ids: [foreign.id] });
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(refused.json<{ errors: object }>().errors)).toEqual(['upload_ids']);

    const announcement = await created({
      title: 'Slides',
      content: '<p>Attached</p>',
      upload_ids: [file.id],
    });
    expect(announcement.attachments.map((a) => a.name)).toEqual(['slides.txt']);
    const [seen] = (await listAs(studentSession)).announcements;
    const attachment = seen?.attachments[0];
    if (!attachment) throw new Error('no attachment');
    const blob = await request(studentSession, 'GET', attachment.blob_url);
    expect(blob.statusCode).toBe(200);
    expect(blob.body).toBe('slides');
    expect((await request(outsiderSession, 'GET', attachment.blob_url)).statusCode).toBe(404);
  });
});

describe('organisation-wide announcements and the original system’s calls', () => {
  it('lets only administrators post them; every member reads them at GET /api/announcement', async () => {
    const refused = await request(studentSession, 'POST', '/api/org-announcements', {
      title: 'x',
      content: '<p>x</p>',
    });
    expect(refused.statusCode).toBe(403);
    const res = await request(adminSession, 'POST', '/api/org-announcements', {
      title: 'Maintenance on Saturday',
      content: '<p>02:00–04:00</p>',
    });
    expect(res.statusCode).toBe(201);
    expect(AnnouncementSchema.parse(res.json()).course_id).toBeNull();
    // Course announcements stay out of the organisation's list.
    await created({ title: 'Course only', content: '<p>x</p>' });

    const compat = await request(outsiderSession, 'GET', '/api/announcement');
    expect(compat.statusCode).toBe(200);
    const body = OrgAnnouncementsResponseSchema.parse(compat.json());
    expect(body.announcements.map((a) => a.title)).toEqual(['Maintenance on Saturday']);
    const notified = await t.db
      .select({ userId: notifications.userId })
      .from(notifications)
      .where(and(eq(notifications.type, 'announcement_published'), sql`${notifications.courseId} is null`));
    expect(notified.map((n) => n.userId)).toEqual(expect.arrayContaining([student.id, teacher.id]));
  });

  it('answers GET /api/course-bulletins?course_id= with the bulletins the caller may see', async () => {
    const announcement = await created({ title: 'Bulletin', content: '<p>Hello</p>' });
    await created({
      title: 'Hidden',
      content: '<p>x</p>',
      publish_at: new Date(Date.now() + 3600_000).toISOString(),
    });
    const res = await request(studentSession, 'GET', `/api/course-bulletins?course_id=${courseId}`);
    expect(res.statusCode).toBe(200);
    const raw = res.json<{ bulletins: Record<string, unknown>[] }>();
    expect(raw.bulletins).toHaveLength(1);
    expect(raw.bulletins[0]).toMatchObject({
      id: announcement.id,
      title: 'Bulletin',
      content: '<p>Hello</p>',
      created_at: announcement.created_at,
      updated_at: announcement.updated_at,
      created_by: { id: teacher.id, name: 'Ada Teacher' },
    });
    CourseBulletinsResponseSchema.parse(raw);
    expect((await request(studentSession, 'GET', '/api/course-bulletins')).statusCode).toBe(400);
  });
});
