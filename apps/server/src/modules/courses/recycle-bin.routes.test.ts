import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { RecycleBinResponseSchema } from '@lectern/contracts/courses/recycle-bin.schemas';
import { loadConfig } from '../../config.ts';
import { activities } from '../../db/schema/activities.ts';
import { recycleBinItems } from '../../db/schema/courses.ts';
import { examSubmissions } from '../../db/schema/exam-submissions.ts';
import { jobs } from '../../db/schema/jobs.ts';
import {
  createExamWorld,
  createOpenExam,
  takeExam,
  type ExamWorld,
} from '../../test/exam-taking-factories.ts';
import { singleChoice } from '../../test/exams-factories.ts';
import {
  addMember,
  createActivity,
  createModule,
  createSyllabus,
  createUser,
  loginAs,
  type Session,
} from '../../test/factories.ts';
import { runJobsUntilIdle } from '../../test/jobs.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { RECYCLE_BIN_PURGE_JOB } from './recycle-bin.service.ts';

let t: TestApp;
let world: ExamWorld;
let assistant: Session;
let coInstructor: Session;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestApp();
  world = await createExamWorld(t, 2);
  const ta = await createUser(t, world.org.id, { name: 'Assistant Ang' });
  await addMember(t, world.course.id, ta.id, ['instructor_assistant']);
  assistant = await loginAs(t, ta);
  const co = await createUser(t, world.org.id, { name: 'Co Instructor' });
  await addMember(t, world.course.id, co.id, ['instructor']);
  coInstructor = await loginAs(t, co);
});
afterAll(async () => {
  await t.close();
});

function as(session: Session, method: 'GET' | 'POST' | 'DELETE', url: string) {
  return t.app.inject({ method, url, headers: session.headers });
}

async function binOf(session: Session = world.teacherSession) {
  const res = await as(session, 'GET', `/api/courses/${world.course.id}/recycle-bin`);
  expect(res.statusCode).toBe(200);
  return RecycleBinResponseSchema.parse(res.json());
}

async function itemFor(type: string, itemId: number) {
  const item = (await binOf()).items.find((i) => i.type === type && i.item_id === itemId);
  if (!item) throw new Error(`${type} ${itemId} is not in the bin`);
  return item;
}

/** Makes an item's deletion `days` old, and its purge job due now when `due`. */
async function age(binItemId: number, days: number, due: boolean) {
  await t.db
    .update(recycleBinItems)
    .set({ deletedAt: new Date(Date.now() - days * DAY) })
    .where(eq(recycleBinItems.id, binItemId));
  if (due)
    await t.db
      .update(jobs)
      .set({ runAt: new Date(Date.now() - 1000) })
      .where(eq(jobs.type, RECYCLE_BIN_PURGE_JOB));
}

describe('deleting an exam with a final submission', () => {
  it('keeps the submission, hides both from every read, and restores them with the score', async () => {
    const exam = await createOpenExam(t, world, [singleChoice(5)]);
    const student = world.students[0];
    if (!student) throw new Error('no student');
    const submissionId = await takeExam(t, exam.id, student.session);
    const before = (await as(student.session, 'GET', `/api/exams/${exam.id}/submissions`)).json();
    expect(before.score).toBe(5);

    const dependents = await t.app.inject({
      method: 'GET',
      url: `/api/activities/have-dependents?activity_ids=${exam.id}`,
      headers: world.teacherSession.headers,
    });
    expect(dependents.statusCode).toBe(200);

    const deleted = await as(assistant, 'DELETE', `/api/activities/${exam.id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().message).toContain('30');

    // Still in the database, untouched.
    const [kept] = await t.db.select().from(examSubmissions).where(eq(examSubmissions.id, submissionId));
    expect(kept?.score).toBe(5);

    // Hidden: the activity by id, the list, the student's submissions, the paper, the gradebook.
    expect((await as(world.teacherSession, 'GET', `/api/activities/${exam.id}`)).statusCode).toBe(404);
    expect((await as(student.session, 'GET', `/api/exams/${exam.id}/submissions`)).statusCode).toBe(404);
    expect((await as(student.session, 'GET', `/api/exams/${exam.id}/distribute`)).statusCode).toBe(404);
    const list = (await as(world.teacherSession, 'GET', `/api/courses/${world.course.id}/activities`)).json();
    expect(list.activities.map((a: { id: number }) => a.id)).not.toContain(exam.id);
    const gradebook = (
      await as(world.teacherSession, 'GET', `/api/courses/${world.course.id}/gradebook`)
    ).json();
    expect(gradebook.items.map((i: { id: number }) => i.id)).not.toContain(exam.id);

    const item = await itemFor('activity', exam.id);
    expect(item).toMatchObject({
      title: exam.title,
      activity_type: 'exam',
      deleted_by: { name: 'Assistant Ang' },
    });
    expect(Date.parse(item.expires_at) - Date.parse(item.deleted_at)).toBe(30 * DAY);

    const restored = await as(world.teacherSession, 'POST', `/api/recycle-bin/${item.id}/restore`);
    expect(restored.statusCode).toBe(200);
    expect((await as(world.teacherSession, 'GET', `/api/activities/${exam.id}`)).statusCode).toBe(200);
    const after = (await as(student.session, 'GET', `/api/exams/${exam.id}/submissions`)).json();
    expect(after.score).toBe(5);
    expect(after.submissions.map((s: { id: number }) => s.id)).toEqual([submissionId]);
    expect((await binOf()).items.find((i) => i.id === item.id)).toBeUndefined();
  });
});

describe('who manages the bin', () => {
  it('lets instructors restore and purge, and refuses assistants and students', async () => {
    const material = await createActivity(t, {
      courseId: world.course.id,
      moduleId: world.module.id,
      createdBy: world.teacher.id,
      type: 'material',
    });
    expect((await as(assistant, 'DELETE', `/api/activities/${material.id}`)).statusCode).toBe(200);
    const item = await itemFor('activity', material.id);
    const student = world.students[1];
    if (!student) throw new Error('no student');

    for (const session of [assistant, student.session]) {
      expect((await as(session, 'GET', `/api/courses/${world.course.id}/recycle-bin`)).statusCode).toBe(403);
      expect((await as(session, 'POST', `/api/recycle-bin/${item.id}/restore`)).statusCode).toBe(403);
      expect((await as(session, 'DELETE', `/api/recycle-bin/${item.id}`)).statusCode).toBe(403);
    }
    expect((await as(world.simulatingSession, 'DELETE', `/api/recycle-bin/${item.id}`)).statusCode).toBe(403);

    expect((await as(coInstructor, 'DELETE', `/api/recycle-bin/${item.id}`)).statusCode).toBe(200);
    expect(await t.db.select().from(activities).where(eq(activities.id, material.id))).toEqual([]);
    expect((await as(coInstructor, 'POST', `/api/recycle-bin/${item.id}/restore`)).statusCode).toBe(404);
  });
});

describe('modules', () => {
  it('restores a module with the activities deleted with it, and refuses an activity whose module is deleted', async () => {
    const module = await createModule(t, world.course.id, { name: 'Week 9' });
    const syllabus = await createSyllabus(t, world.course.id, module.id, { summary: 'Part A' });
    const inside = await createActivity(t, {
      courseId: world.course.id,
      moduleId: module.id,
      syllabusId: syllabus.id,
      createdBy: world.teacher.id,
      type: 'material',
    });
    const alone = await createActivity(t, {
      courseId: world.course.id,
      moduleId: module.id,
      createdBy: world.teacher.id,
      type: 'homework',
      published: true,
    });
    expect((await as(world.teacherSession, 'DELETE', `/api/activities/${alone.id}`)).statusCode).toBe(200);
    expect((await as(world.teacherSession, 'DELETE', `/api/modules/${module.id}`)).statusCode).toBe(200);

    const modules = (await as(world.teacherSession, 'GET', `/api/courses/${world.course.id}/modules`)).json();
    expect(modules.modules.map((m: { id: number }) => m.id)).not.toContain(module.id);
    const list = (await as(world.teacherSession, 'GET', `/api/courses/${world.course.id}/activities`)).json();
    const listed = list.activities.map((a: { id: number }) => a.id);
    expect(listed).not.toContain(inside.id);
    expect(listed).not.toContain(alone.id);
    // The bin lists what was deleted, not what went with it.
    expect((await binOf()).items.filter((i) => i.item_id === inside.id)).toEqual([]);

    const aloneItem = await itemFor('activity', alone.id);
    const refused = await as(world.teacherSession, 'POST', `/api/recycle-bin/${aloneItem.id}/restore`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('Week 9');

    const moduleItem = await itemFor('module', module.id);
    expect(
      (await as(world.teacherSession, 'POST', `/api/recycle-bin/${moduleItem.id}/restore`)).statusCode,
    ).toBe(200);
    const back = (await as(world.teacherSession, 'GET', `/api/courses/${world.course.id}/activities`)).json();
    const inBack = back.activities.find((a: { id: number }) => a.id === inside.id);
    expect(inBack).toMatchObject({ module_id: module.id, syllabus_id: syllabus.id });
    // Deleted on its own before, it stays in the bin until restored on its own.
    expect(back.activities.map((a: { id: number }) => a.id)).not.toContain(alone.id);
    expect(
      (await as(world.teacherSession, 'POST', `/api/recycle-bin/${aloneItem.id}/restore`)).statusCode,
    ).toBe(200);
  });
});

describe('cross-course reads', () => {
  it('no longer list a deleted exam: to-dos, search, calendar', async () => {
    const exam = await createOpenExam(t, world, [singleChoice(2)]);
    const student = world.students[1];
    if (!student) throw new Error('no student');
    const todos = async () =>
      (await as(student.session, 'GET', '/api/todos'))
        .json()
        .todo_list.map((todo: { id: number }) => todo.id);
    const found = async () =>
      (await as(student.session, 'GET', `/api/search?keyword=${encodeURIComponent(exam.title)}`))
        .json()
        .items.map((hit: { id: number; kind: string }) => `${hit.kind}:${hit.id}`);
    const start = new Date(Date.now() - DAY).toISOString();
    const end = new Date(Date.now() + DAY).toISOString();
    const dated = async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/calendar/events',
        query: { start, end },
        headers: student.session.headers,
      });
      expect(res.statusCode).toBe(200);
      return JSON.stringify(res.json());
    };
    expect(await todos()).toContain(exam.id);
    expect(await found()).toContain(`activity:${exam.id}`);
    expect(await dated()).toContain(`"activity_id":${exam.id}`);

    expect((await as(world.teacherSession, 'DELETE', `/api/activities/${exam.id}`)).statusCode).toBe(200);
    expect(await todos()).not.toContain(exam.id);
    expect(await found()).not.toContain(`activity:${exam.id}`);
    expect(await dated()).not.toContain(`"activity_id":${exam.id}`);
  });
});

describe('purge', () => {
  it('removes an item with its dependants once the retention has passed, and not before', async () => {
    const exam = await createOpenExam(t, world, [singleChoice(3)]);
    const student = world.students[1];
    if (!student) throw new Error('no student');
    const submissionId = await takeExam(t, exam.id, student.session);
    expect((await as(world.teacherSession, 'DELETE', `/api/activities/${exam.id}`)).statusCode).toBe(200);
    const item = await itemFor('activity', exam.id);

    await runJobsUntilIdle(t);
    await age(item.id, 29, true);
    await runJobsUntilIdle(t);
    expect(await t.db.select().from(activities).where(eq(activities.id, exam.id))).toHaveLength(1);
    expect((await binOf()).items.map((i) => i.id)).toContain(item.id);

    await age(item.id, 31, true);
    await runJobsUntilIdle(t);
    expect(await t.db.select().from(activities).where(eq(activities.id, exam.id))).toEqual([]);
    expect(await t.db.select().from(examSubmissions).where(eq(examSubmissions.id, submissionId))).toEqual([]);
    expect((await binOf()).items.map((i) => i.id)).not.toContain(item.id);
  });
});

describe('retention', () => {
  it('is RECYCLE_BIN_RETENTION_DAYS, 30 unless set', () => {
    const env = { SESSION_SECRET: 'x'.repeat(32) };
    expect(loadConfig(env).recycleBinRetentionMs).toBe(30 * DAY);
    expect(loadConfig({ ...env, RECYCLE_BIN_RETENTION_DAYS: '7' }).recycleBinRetentionMs).toBe(7 * DAY);
    for (const bad of ['0', '-1', 'soon']) {
      expect(() => loadConfig({ ...env, RECYCLE_BIN_RETENTION_DAYS: bad })).toThrow(
        /RECYCLE_BIN_RETENTION_DAYS/,
      );
    }
  });
});

describe('deleting a module forever', () => {
  it('takes the activities deleted on their own inside it, and their items', async () => {
    const module = await createModule(t, world.course.id, { name: 'Week 10' });
    const alone = await createActivity(t, {
      courseId: world.course.id,
      moduleId: module.id,
      createdBy: world.teacher.id,
    });
    const withIt = await createActivity(t, {
      courseId: world.course.id,
      moduleId: module.id,
      createdBy: world.teacher.id,
    });
    expect((await as(world.teacherSession, 'DELETE', `/api/activities/${alone.id}`)).statusCode).toBe(200);
    expect((await as(world.teacherSession, 'DELETE', `/api/modules/${module.id}`)).statusCode).toBe(200);
    const aloneItem = await itemFor('activity', alone.id);
    const moduleItem = await itemFor('module', module.id);

    expect((await as(world.teacherSession, 'DELETE', `/api/recycle-bin/${moduleItem.id}`)).statusCode).toBe(
      200,
    );
    const left = (await binOf()).items.map((i) => i.id);
    expect(left).not.toContain(moduleItem.id);
    expect(left).not.toContain(aloneItem.id);
    for (const id of [alone.id, withIt.id]) {
      expect(await t.db.select().from(activities).where(eq(activities.id, id))).toEqual([]);
    }
  });
});

describe('courses', () => {
  it('hides a deleted course and lets its owner restore it from the deleted-courses bin', async () => {
    const other = await createExamWorld(t, 1);
    const courseId = other.course.id;
    expect((await as(other.teacherSession, 'DELETE', `/api/courses/${courseId}`)).statusCode).toBe(200);
    expect((await as(other.teacherSession, 'GET', `/api/courses/${courseId}`)).statusCode).toBe(404);
    const student = other.students[0];
    if (!student) throw new Error('no student');
    expect((await as(student.session, 'GET', `/api/courses/${courseId}/activities`)).statusCode).toBe(404);

    const bin = RecycleBinResponseSchema.parse(
      (await as(other.teacherSession, 'GET', '/api/recycle-bin/courses')).json(),
    );
    const item = bin.items.find((i) => i.item_id === courseId);
    expect(item?.type).toBe('course');
    // Students of the course see no deleted courses and may not restore them.
    expect((await as(student.session, 'GET', '/api/recycle-bin/courses')).json().items).toEqual([]);
    expect((await as(student.session, 'POST', `/api/recycle-bin/${item?.id}/restore`)).statusCode).toBe(403);

    expect((await as(other.teacherSession, 'POST', `/api/recycle-bin/${item?.id}/restore`)).statusCode).toBe(
      200,
    );
    expect((await as(student.session, 'GET', `/api/courses/${courseId}/activities`)).statusCode).toBe(200);
  });
});
