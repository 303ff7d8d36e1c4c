import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { activities } from '../../db/schema/activities.ts';
import { courseModules, syllabi } from '../../db/schema/courses.ts';
import {
  addMember,
  createCourse,
  createModule,
  createOrg,
  createSyllabus,
  createUser,
  loginAs,
  type Session,
} from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let orgId: number;

beforeAll(async () => {
  t = await createTestApp();
  orgId = (await createOrg(t)).id;
});
afterAll(async () => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
function call(session: Session, method: Method, url: string, payload?: object) {
  return t.app.inject({ method, url, headers: session.headers, ...(payload ? { payload } : {}) });
}

async function courseWithTeacher() {
  const user = await createUser(t, orgId);
  const course = await createCourse(t, orgId, user.id);
  return { user, course, session: await loginAs(t, user) };
}

async function studentOf(courseId: number) {
  const student = await createUser(t, orgId);
  await addMember(t, courseId, student.id, ['student']);
  return loginAs(t, student);
}

const ids = (rows: { id: number }[]) => rows.map((r) => r.id);

describe('modules', () => {
  it('lists modules with their syllabi on both outline routes, for students too', async () => {
    const { course } = await courseWithTeacher();
    const b = await createModule(t, course.id, { sort: 2 });
    const a = await createModule(t, course.id, { sort: 1 });
    const sa = await createSyllabus(t, course.id, a.id);
    const student = await studentOf(course.id);
    for (const url of [`/api/courses/${course.id}/modules`, `/api/courses/${course.id}/all-sections`]) {
      const res = await call(student, 'GET', url);
      expect(res.statusCode).toBe(200);
      expect(ids(res.json().modules)).toEqual([a.id, b.id]);
      expect(res.json().modules[0].syllabuses).toEqual([
        { id: sa.id, summary: sa.summary, module_id: a.id, sort: sa.sort },
      ]);
      expect(res.json().modules[1].syllabuses).toEqual([]);
    }
  });

  it('appends a new module at the end unless a sort is given', async () => {
    const { course, session } = await courseWithTeacher();
    await createModule(t, course.id, { sort: 7 });
    const appended = await call(session, 'POST', `/api/courses/${course.id}/modules`, { name: 'Week 2' });
    expect(appended.statusCode).toBe(201);
    expect(appended.json()).toMatchObject({ name: 'Week 2', sort: 8, syllabuses: [] });
    const placed = await call(session, 'POST', `/api/courses/${course.id}/modules`, {
      name: 'Intro',
      sort: 0,
    });
    expect(placed.json().sort).toBe(0);
    const [stored] = await t.db.select().from(courseModules).where(eq(courseModules.id, placed.json().id));
    expect(stored).toMatchObject({ courseId: course.id, name: 'Intro', sort: 0 });
  });

  it('starts at 0 in an empty course', async () => {
    const { course, session } = await courseWithTeacher();
    const res = await call(session, 'POST', `/api/courses/${course.id}/modules`, { name: 'First' });
    expect(res.json().sort).toBe(0);
  });

  it('refuses students (403) and a blank name (400, localised)', async () => {
    const { course, session } = await courseWithTeacher();
    const student = await studentOf(course.id);
    const refused = await call(student, 'POST', `/api/courses/${course.id}/modules`, { name: 'Mine' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('forbidden');
    expect(await t.db.select().from(courseModules).where(eq(courseModules.courseId, course.id))).toHaveLength(
      0,
    );

    const blank = await call(session, 'POST', `/api/courses/${course.id}/modules`, { name: '' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors).toEqual({ name: ['Enter a module name.'] });
    const zh = await t.app.inject({
      method: 'POST',
      url: `/api/courses/${course.id}/modules`,
      headers: { ...session.headers, 'accept-language': 'zh-CN' },
      payload: {},
    });
    expect(zh.json().errors).toEqual({ name: ['请输入章节名称'] });
  });

  it('renames a module and refuses one of another organisation with 404', async () => {
    const { course, session } = await courseWithTeacher();
    const module = await createModule(t, course.id, { name: 'Old' });
    const res = await call(session, 'PUT', `/api/modules/${module.id}`, { name: 'New' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: module.id, name: 'New' });

    const other = await createOrg(t);
    const stranger = await createUser(t, other.id, { orgRole: 'admin' });
    const foreign = await call(await loginAs(t, stranger), 'PUT', `/api/modules/${module.id}`, { name: 'X' });
    expect(foreign.statusCode).toBe(404);
    const missing = await call(session, 'PUT', '/api/modules/99999999', { name: 'X' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Module not found.');
  });

  it('deletes a module with its syllabi and activities into the recycle bin', async () => {
    const { user, course, session } = await courseWithTeacher();
    const module = await createModule(t, course.id);
    const syllabus = await createSyllabus(t, course.id, module.id);
    await t.db.insert(activities).values({
      courseId: course.id,
      moduleId: module.id,
      type: 'page',
      title: 'Read me',
      createdBy: user.id,
    });
    const res = await call(session, 'DELETE', `/api/modules/${module.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    const modules = (await call(session, 'GET', `/api/courses/${course.id}/modules`)).json().modules;
    expect(modules.map((m: { id: number }) => m.id)).not.toContain(module.id);
    // Kept, all pointing at the module's recycle-bin item, until restored or purged (decision 0015).
    const [kept] = await t.db.select().from(courseModules).where(eq(courseModules.id, module.id));
    const itemId = kept?.recycleBinItemId;
    expect(itemId).toEqual(expect.any(Number));
    const [keptSyllabus] = await t.db.select().from(syllabi).where(eq(syllabi.id, syllabus.id));
    expect(keptSyllabus?.recycleBinItemId).toBe(itemId);
    const keptActivities = await t.db.select().from(activities).where(eq(activities.moduleId, module.id));
    expect(keptActivities.map((a) => a.recycleBinItemId)).toEqual([itemId]);
  });

  it('reorders modules: listed first, the rest after in their order', async () => {
    const { course, session } = await courseWithTeacher();
    const m1 = await createModule(t, course.id, { sort: 1 });
    const m2 = await createModule(t, course.id, { sort: 2 });
    const m3 = await createModule(t, course.id, { sort: 3 });
    const res = await call(session, 'PUT', `/api/courses/${course.id}/modules/sort`, { ids: [m3.id, m1.id] });
    expect(res.statusCode).toBe(200);
    expect(ids(res.json().modules)).toEqual([m3.id, m1.id, m2.id]);
    const stored = await t.db
      .select()
      .from(courseModules)
      .where(eq(courseModules.courseId, course.id))
      .orderBy(asc(courseModules.sort));
    expect(stored.map((m) => [m.id, m.sort])).toEqual([
      [m3.id, 0],
      [m1.id, 1],
      [m2.id, 2],
    ]);
  });

  it('refuses an order naming another course’s module or one twice', async () => {
    const { course, session } = await courseWithTeacher();
    const mine = await createModule(t, course.id, { sort: 4 });
    const elsewhere = await courseWithTeacher();
    const theirs = await createModule(t, elsewhere.course.id);
    for (const order of [[mine.id, theirs.id], [mine.id, mine.id], []]) {
      const res = await call(session, 'PUT', `/api/courses/${course.id}/modules/sort`, { ids: order });
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().errors)).toEqual(['ids']);
    }
    const [stored] = await t.db.select().from(courseModules).where(eq(courseModules.id, mine.id));
    expect(stored?.sort).toBe(4);
  });
});

describe('syllabi', () => {
  it('creates a syllabus at the end of its module', async () => {
    const { course, session } = await courseWithTeacher();
    const module = await createModule(t, course.id);
    await createSyllabus(t, course.id, module.id, { sort: 4 });
    const res = await call(session, 'POST', `/api/courses/${course.id}/syllabuses`, {
      module_id: module.id,
      summary: 'Lecture notes',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ summary: 'Lecture notes', module_id: module.id, sort: 5 });
    const [stored] = await t.db.select().from(syllabi).where(eq(syllabi.id, res.json().id));
    expect(stored).toMatchObject({ courseId: course.id, moduleId: module.id });
  });

  it('refuses a module of another course as a field error, and a blank summary', async () => {
    const { course, session } = await courseWithTeacher();
    const elsewhere = await courseWithTeacher();
    const theirs = await createModule(t, elsewhere.course.id);
    const res = await call(session, 'POST', `/api/courses/${course.id}/syllabuses`, {
      module_id: theirs.id,
      summary: 'Sneaky',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ module_id: ['This module does not belong to the course.'] });
    expect(await t.db.select().from(syllabi).where(eq(syllabi.moduleId, theirs.id))).toHaveLength(0);

    const mine = await createModule(t, course.id);
    const blank = await call(session, 'POST', `/api/courses/${course.id}/syllabuses`, {
      module_id: mine.id,
      summary: ' ',
    });
    expect(blank.json().errors).toEqual({ summary: ['Enter a syllabus title.'] });
  });

  it('updates, moves to another module of the course, and deletes', async () => {
    const { course, session } = await courseWithTeacher();
    const a = await createModule(t, course.id);
    const b = await createModule(t, course.id);
    await createSyllabus(t, course.id, b.id, { sort: 9 });
    const syllabus = await createSyllabus(t, course.id, a.id);
    const renamed = await call(session, 'PUT', `/api/syllabuses/${syllabus.id}`, { summary: 'Renamed' });
    expect(renamed.json()).toMatchObject({ summary: 'Renamed', module_id: a.id });
    const moved = await call(session, 'PUT', `/api/syllabuses/${syllabus.id}`, { module_id: b.id });
    expect(moved.json()).toMatchObject({ module_id: b.id, sort: 10 });

    const elsewhere = await courseWithTeacher();
    const theirs = await createModule(t, elsewhere.course.id);
    const refused = await call(session, 'PUT', `/api/syllabuses/${syllabus.id}`, { module_id: theirs.id });
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(refused.json().errors)).toEqual(['module_id']);

    const student = await studentOf(course.id);
    expect((await call(student, 'DELETE', `/api/syllabuses/${syllabus.id}`)).statusCode).toBe(403);
    const removed = await call(session, 'DELETE', `/api/syllabuses/${syllabus.id}`);
    expect(removed.statusCode).toBe(200);
    expect(
      (await call(session, 'PUT', `/api/syllabuses/${syllabus.id}`, { summary: 'Again' })).statusCode,
    ).toBe(404);
    const [kept] = await t.db.select().from(syllabi).where(eq(syllabi.id, syllabus.id));
    expect(kept?.recycleBinItemId).toEqual(expect.any(Number));
  });

  it('reorders the syllabi of a module and refuses strangers', async () => {
    const { course, session } = await courseWithTeacher();
    const module = await createModule(t, course.id);
    const s1 = await createSyllabus(t, course.id, module.id, { sort: 1 });
    const s2 = await createSyllabus(t, course.id, module.id, { sort: 2 });
    const res = await call(session, 'PUT', `/api/modules/${module.id}/syllabuses/sort`, {
      ids: [s2.id, s1.id],
    });
    expect(res.statusCode).toBe(200);
    expect(ids(res.json().syllabuses)).toEqual([s2.id, s1.id]);

    const other = await createModule(t, course.id);
    const stray = await createSyllabus(t, course.id, other.id);
    const bad = await call(session, 'PUT', `/api/modules/${module.id}/syllabuses/sort`, { ids: [stray.id] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.ids).toEqual(['The order lists items twice or items that do not belong here.']);
  });
});
