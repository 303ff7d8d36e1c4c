import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { buildApp, type App } from '../../app.ts';
import { academicYears, courseMembers, courses, semesters } from '../../db/schema/courses.ts';
import { departments, orgs, users } from '../../db/schema/identity.ts';
import { openDatabase, type DatabaseHandle } from '../../platform/database.ts';
import {
  addMember,
  createAcademicYear,
  createCourse,
  createDepartment,
  createModule,
  createOrg,
  createSemester,
  createSyllabus,
  createUser,
  loginAs,
  type Session,
} from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

// The course read and its outline are served from a cache stamped with the course's content version
// (issue 21). Each test reads once (filling the cache), changes one input those reads show, and expects
// the very next read to show the change. Runs on PGlite and, in the PostgreSQL pass, on PostgreSQL.

let t: TestApp;
let orgId: number;
let teacher: { id: number };
let student: { id: number };
let teacherSession: Session;
let studentSession: Session;

beforeAll(async () => {
  t = await createTestApp();
  orgId = (await createOrg(t)).id;
  teacher = await createUser(t, orgId, { name: 'Teacher Tao' });
  student = await createUser(t, orgId);
  teacherSession = await loginAs(t, teacher);
  studentSession = await loginAs(t, student);
});
afterAll(async () => t.close());

type ReadCourse = {
  id: number;
  name: string;
  academic_year: { name: string; code: string } | null;
  semester: { name: string; code: string } | null;
  department: { name: string } | null;
  instructors: { id: number; name: string; avatar_small_url: string | null }[];
  created_user: { name: string };
  opened_departments: { name: string }[];
  public_to_orgs: { name: string }[];
  students_count: number;
  modules: { name: string; syllabuses: { summary: string }[] }[];
  current_user_roles: string[];
  simulating: boolean;
  can_manage: boolean;
};

async function readVia(app: App, session: Session, courseId: number): Promise<ReadCourse> {
  const res = await app.inject({ method: 'GET', url: `/api/courses/${courseId}`, headers: session.headers });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  return res.json() as ReadCourse;
}
const read = (session: Session, courseId: number) => readVia(t.app, session, courseId);

async function outlineVia(app: App, session: Session, courseId: number) {
  const res = await app.inject({
    method: 'GET',
    url: `/api/courses/${courseId}/modules`,
    headers: session.headers,
  });
  expect(res.statusCode).toBe(200);
  return (res.json() as { modules: ReadCourse['modules'] }).modules;
}
const outline = (session: Session, courseId: number) => outlineVia(t.app, session, courseId);

/** A course of the teacher with the student in it and one module with one syllabus. */
async function course(values: Partial<typeof courses.$inferInsert> = {}) {
  const { id: courseId } = await createCourse(t, orgId, teacher.id, values);
  await addMember(t, courseId, student.id, ['student']);
  const module = await createModule(t, courseId, { name: 'Week 1', sort: 1 });
  const syllabus = await createSyllabus(t, courseId, module.id, { summary: 'Intro' });
  return { courseId, module, syllabus };
}

describe('the cached course read follows every write that changes it', () => {
  it('the course edited through the API', async () => {
    const { courseId } = await course({ name: 'Algebra' });
    expect((await read(studentSession, courseId)).name).toBe('Algebra');
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/courses/${courseId}`,
      headers: teacherSession.headers,
      payload: { name: 'Linear algebra' },
    });
    expect(res.statusCode).toBe(200);
    expect((await read(studentSession, courseId)).name).toBe('Linear algebra');
  });

  it('modules and syllabi, in the course read and in the outline', async () => {
    const { courseId, module, syllabus } = await course();
    expect((await read(studentSession, courseId)).modules.map((m) => m.name)).toEqual(['Week 1']);
    expect((await outline(studentSession, courseId))[0]!.syllabuses.map((s) => s.summary)).toEqual(['Intro']);
    const created = await t.app.inject({
      method: 'POST',
      url: `/api/courses/${courseId}/modules`,
      headers: teacherSession.headers,
      payload: { name: 'Week 2' },
    });
    expect(created.statusCode).toBe(201);
    expect((await outline(studentSession, courseId)).map((m) => m.name)).toEqual(['Week 1', 'Week 2']);
    const renamed = await t.app.inject({
      method: 'PUT',
      url: `/api/syllabuses/${syllabus.id}`,
      headers: teacherSession.headers,
      payload: { summary: 'Introduction' },
    });
    expect(renamed.statusCode).toBe(200);
    const modules = (await read(studentSession, courseId)).modules;
    expect(modules.map((m) => m.name)).toEqual(['Week 1', 'Week 2']);
    expect(modules[0]!.syllabuses.map((s) => s.summary)).toEqual(['Introduction']);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/modules/${module.id}`,
      headers: teacherSession.headers,
    });
    expect(removed.statusCode).toBe(200);
    expect((await outline(studentSession, courseId)).map((m) => m.name)).toEqual(['Week 2']);
  });

  it('students joining and leaving move the count; instructors are listed', async () => {
    const { courseId } = await course();
    expect((await read(studentSession, courseId)).students_count).toBe(1);
    const newcomer = await createUser(t, orgId);
    await addMember(t, courseId, newcomer.id, ['student']);
    expect((await read(studentSession, courseId)).students_count).toBe(2);
    // A role change from student to instructor: one fewer student, one more instructor.
    await addMember(t, courseId, newcomer.id, ['instructor']);
    const after = await read(studentSession, courseId);
    expect(after.students_count).toBe(1);
    expect(after.instructors.map((i) => i.id)).toEqual([teacher.id, newcomer.id]);
    await t.db
      .delete(courseMembers)
      .where(and(eq(courseMembers.courseId, courseId), eq(courseMembers.userId, newcomer.id)));
    expect((await read(studentSession, courseId)).instructors.map((i) => i.id)).toEqual([teacher.id]);
  });

  it("an instructor's name and avatar, and the creator's name", async () => {
    const other = await createUser(t, orgId, { name: 'Co Teacher' });
    const { courseId } = await course();
    await addMember(t, courseId, other.id, ['instructor']);
    const before = await read(studentSession, courseId);
    expect(before.instructors.find((i) => i.id === other.id)?.name).toBe('Co Teacher');
    await t.db
      .update(users)
      .set({ name: 'Co-teacher Chen', avatarSmallUrl: '/avatars/chen.png' })
      .where(eq(users.id, other.id));
    const after = await read(studentSession, courseId);
    expect(after.instructors.find((i) => i.id === other.id)).toMatchObject({
      name: 'Co-teacher Chen',
      avatar_small_url: '/avatars/chen.png',
    });
    const creator = await createUser(t, orgId, { name: 'Founder' });
    const { id: founded } = await createCourse(t, orgId, creator.id);
    await addMember(t, founded, student.id, ['student']);
    expect((await read(studentSession, founded)).created_user.name).toBe('Founder');
    await t.db.update(users).set({ name: 'Founder Fang' }).where(eq(users.id, creator.id));
    expect((await read(studentSession, founded)).created_user.name).toBe('Founder Fang');
  });

  it('the names of its academic year, semester, departments and the organisations it is public to', async () => {
    const year = await createAcademicYear(t, orgId, { name: '2026' });
    const semester = await createSemester(t, orgId, year.id, { name: 'Autumn' });
    const department = await createDepartment(t, orgId, { name: 'Maths' });
    const opened = await createDepartment(t, orgId, { name: 'Physics' });
    const partner = await createOrg(t, { name: 'Partner school' });
    const { courseId } = await course({
      academicYearId: year.id,
      semesterId: semester.id,
      departmentId: department.id,
      access: { opened_department_ids: [opened.id], public_to_org_ids: [partner.id] },
    });
    const before = await read(studentSession, courseId);
    expect(before.academic_year?.name).toBe('2026');
    expect(before.semester?.name).toBe('Autumn');
    expect(before.department?.name).toBe('Maths');
    expect(before.opened_departments.map((d) => d.name)).toEqual(['Physics']);
    expect(before.public_to_orgs.map((o) => o.name)).toEqual(['Partner school']);

    await t.db.update(academicYears).set({ name: '2026–27' }).where(eq(academicYears.id, year.id));
    expect((await read(studentSession, courseId)).academic_year?.name).toBe('2026–27');
    await t.db.update(semesters).set({ code: 'AUT' }).where(eq(semesters.id, semester.id));
    expect((await read(studentSession, courseId)).semester?.code).toBe('AUT');
    await t.db.update(departments).set({ name: 'Mathematics' }).where(eq(departments.id, department.id));
    expect((await read(studentSession, courseId)).department?.name).toBe('Mathematics');
    await t.db
      .update(departments)
      .set({ name: 'Physics and Astronomy' })
      .where(eq(departments.id, opened.id));
    expect((await read(studentSession, courseId)).opened_departments.map((d) => d.name)).toEqual([
      'Physics and Astronomy',
    ]);
    await t.db.delete(departments).where(eq(departments.id, opened.id));
    expect((await read(studentSession, courseId)).opened_departments).toEqual([]);
    await t.db.update(orgs).set({ name: 'Partner academy' }).where(eq(orgs.id, partner.id));
    expect((await read(studentSession, courseId)).public_to_orgs.map((o) => o.name)).toEqual([
      'Partner academy',
    ]);
  });

  it('rewriting a row to what it already was keeps the stamp (and the cache)', async () => {
    const { courseId } = await course();
    await read(studentSession, courseId);
    const stamp = async () =>
      (
        (await t.db.execute(
          sql`select coalesce((select version from course_content_versions where course_id = ${courseId}), 0)::text as v`,
        )) as unknown as { rows: { v: string }[] }
      ).rows[0];
    const before = await stamp();
    await t.db
      .update(courses)
      .set({ name: sql`name` })
      .where(eq(courses.id, courseId));
    await t.db
      .update(users)
      .set({ name: sql`name` })
      .where(eq(users.id, teacher.id));
    expect(await stamp()).toEqual(before);
  });
});

describe("the viewer's own fields are never shared", () => {
  it('roles, simulating and can_manage differ per viewer over one cached entry', async () => {
    const { courseId } = await course();
    const asStudent = await read(studentSession, courseId);
    const asTeacher = await read(teacherSession, courseId);
    expect(asStudent).toMatchObject({
      current_user_roles: ['student'],
      simulating: false,
      can_manage: false,
    });
    expect(asTeacher).toMatchObject({
      current_user_roles: ['instructor'],
      simulating: false,
      can_manage: true,
    });
    const simulate = await t.app.inject({
      method: 'POST',
      url: `/api/courses/${courseId}/simulate`,
      headers: teacherSession.headers,
      payload: { simulating: true },
    });
    expect(simulate.statusCode).toBe(200);
    expect(await read(teacherSession, courseId)).toMatchObject({
      current_user_roles: ['student'],
      simulating: true,
      can_manage: false,
    });
    await t.app.inject({
      method: 'POST',
      url: `/api/courses/${courseId}/simulate`,
      headers: teacherSession.headers,
      payload: { simulating: false },
    });
  });

  it('a fields selection answers from the same entry, with the viewer fields asked for', async () => {
    const { courseId } = await course({ name: 'Selected' });
    await read(studentSession, courseId);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/courses/${courseId}?fields=name,can_manage,students_count`,
      headers: teacherSession.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: courseId, name: 'Selected', can_manage: true, students_count: 1 });
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
    const { courseId } = await course({ name: 'Before' });
    expect((await readVia(other.app, studentSession, courseId)).name).toBe('Before');
    expect((await outlineVia(other.app, studentSession, courseId)).map((m) => m.name)).toEqual(['Week 1']);
    const renamed = await t.app.inject({
      method: 'PUT',
      url: `/api/courses/${courseId}`,
      headers: teacherSession.headers,
      payload: { name: 'After' },
    });
    expect(renamed.statusCode).toBe(200);
    const created = await t.app.inject({
      method: 'POST',
      url: `/api/courses/${courseId}/modules`,
      headers: teacherSession.headers,
      payload: { name: 'Week 2' },
    });
    expect(created.statusCode).toBe(201);
    expect((await readVia(other.app, studentSession, courseId)).name).toBe('After');
    expect((await outlineVia(other.app, studentSession, courseId)).map((m) => m.name)).toEqual([
      'Week 1',
      'Week 2',
    ]);
  });
});
