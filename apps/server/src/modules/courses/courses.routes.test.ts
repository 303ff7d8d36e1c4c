import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { courseMembers, courses } from '../../db/schema/courses.ts';
import { sessions } from '../../db/schema/identity.ts';
import { isMessageKey } from '../../platform/messages.ts';
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

/** A user who already teaches a course of the org, with a session. */
async function teacher(values: Parameters<typeof createUser>[2] = {}) {
  const user = await createUser(t, orgId, values);
  const course = await createCourse(t, orgId, user.id);
  return { user, course, session: await loginAs(t, user) };
}

describe('message catalogue', () => {
  it('has every message key the course schemas name', () => {
    const source = readFileSync(
      new URL('../../../../../packages/contracts/src/courses/course.schemas.ts', import.meta.url),
      'utf8',
    );
    const keys = [...source.matchAll(/'(courses\.[A-Za-z]+)'/g)].map((m) => m[1]!);
    expect(keys.length).toBeGreaterThan(5);
    expect(keys.filter((key) => !isMessageKey(key))).toEqual([]);
  });
});

describe('POST /api/course', () => {
  it('lets an org admin create a course and makes them its chief instructor', async () => {
    const admin = await createUser(t, orgId, { orgRole: 'admin', name: 'Ada Admin' });
    const year = await createAcademicYear(t, orgId);
    const semester = await createSemester(t, orgId, year.id);
    const department = await createDepartment(t, orgId, { name: 'Physics' });
    const session = await loginAs(t, admin);
    const res = await call(session, 'POST', '/api/course', {
      name: 'Mechanics',
      course_code: 'PHY101',
      semester_id: semester.id,
      department_id: department.id,
      start_date: '2026-09-01',
      end_date: '2027-01-15',
      compulsory: true,
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      name: 'Mechanics',
      display_name: 'Mechanics',
      course_code: 'PHY101',
      semester: { id: semester.id, name: semester.name, code: semester.code },
      semester_id: semester.id,
      // A semester implies its academic year.
      academic_year_id: year.id,
      academic_year: { id: year.id, name: year.name, code: year.code },
      department: { id: department.id, name: 'Physics' },
      start_date: '2026-09-01',
      end_date: '2027-01-15',
      compulsory: true,
      created_user: { id: admin.id, name: 'Ada Admin' },
      instructors: [{ id: admin.id, name: 'Ada Admin', avatar_small_url: null }],
      students_count: 0,
      modules: [],
      current_user_roles: ['instructor'],
      simulating: false,
      can_manage: true,
      public_scope: 'private',
    });
    const [stored] = await t.db.select().from(courses).where(eq(courses.id, body.id));
    expect(stored).toMatchObject({ orgId, createdBy: admin.id, academicYearId: year.id });
    const members = await t.db.select().from(courseMembers).where(eq(courseMembers.courseId, body.id));
    expect(members).toEqual([expect.objectContaining({ userId: admin.id, roles: ['instructor'] })]);
  });

  it('lets someone who teaches another course of the org create one', async () => {
    const { session } = await teacher();
    const res = await call(session, 'POST', '/api/course', { name: 'Second course' });
    expect(res.statusCode).toBe(201);
    expect(res.json().current_user_roles).toEqual(['instructor']);
  });

  it('refuses members who teach nowhere, and those who only assist or study', async () => {
    const plain = await createUser(t, orgId);
    const owner = await createUser(t, orgId);
    const course = await createCourse(t, orgId, owner.id);
    await addMember(t, course.id, plain.id, ['student', 'instructor_assistant']);
    const res = await call(await loginAs(t, plain), 'POST', '/api/course', { name: 'Mine' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      code: 'forbidden',
      message: 'Only administrators and instructors of a course can create courses.',
    });
  });

  it('answers per-field errors in the caller language', async () => {
    const { session } = await teacher();
    const other = await createOrg(t);
    const foreignYear = await createAcademicYear(t, other.id);
    const foreignSemester = await createSemester(t, other.id, foreignYear.id);

    const empty = await call(session, 'POST', '/api/course', { name: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ code: 'validation_failed', message: 'Enter a course name.' });
    expect(empty.json().errors).toEqual({ name: ['Enter a course name.'] });

    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/course',
      headers: { ...session.headers, 'accept-language': 'zh-TW' },
      payload: { start_date: '2026-13-45' },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({
      name: ['請輸入課程名稱'],
      start_date: ['日期格式應為 YYYY-MM-DD'],
    });

    const refs = await call(session, 'POST', '/api/course', {
      name: 'Wrong refs',
      semester_id: foreignSemester.id,
      department_id: 999_999,
      start_date: '2026-09-01',
      end_date: '2026-08-01',
    });
    expect(refs.statusCode).toBe(400);
    expect(refs.json().errors).toEqual({
      semester_id: ['This semester does not exist.'],
      department_id: ['This department does not exist.'],
      end_date: ['The end date cannot be before the start date.'],
    });
    expect(await t.db.select().from(courses).where(eq(courses.name, 'Wrong refs'))).toHaveLength(0);
  });

  it('refuses a semester outside the chosen academic year', async () => {
    const { session } = await teacher();
    const yearA = await createAcademicYear(t, orgId);
    const yearB = await createAcademicYear(t, orgId);
    const semesterB = await createSemester(t, orgId, yearB.id);
    const res = await call(session, 'POST', '/api/course', {
      name: 'Mismatch',
      academic_year_id: yearA.id,
      semester_id: semesterB.id,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      semester_id: ['This semester does not belong to the chosen academic year.'],
    });
  });
});

describe('GET /api/courses/:id', () => {
  it('reads the whole course: outline sorted, instructors, student count and the viewer', async () => {
    const { user, course, session } = await teacher({ name: 'Chief' });
    const co = await createUser(t, orgId, { name: 'Co', userNo: 'zz-co' });
    await addMember(t, course.id, co.id, ['instructor']);
    for (const role of ['student', 'student'] as const) {
      await addMember(t, course.id, (await createUser(t, orgId)).id, [role]);
    }
    await addMember(t, course.id, (await createUser(t, orgId)).id, ['instructor_assistant']);
    const later = await createModule(t, course.id, { name: 'Later', sort: 5 });
    const first = await createModule(t, course.id, { name: 'First', sort: 1 });
    const tieA = await createModule(t, course.id, { name: 'Tie A', sort: 3 });
    const tieB = await createModule(t, course.id, { name: 'Tie B', sort: 3 });
    const s2 = await createSyllabus(t, course.id, first.id, { summary: 'two', sort: 2 });
    const s1 = await createSyllabus(t, course.id, first.id, { summary: 'one', sort: 1 });

    const res = await call(session, 'GET', `/api/courses/${course.id}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.modules.map((m: { id: number }) => m.id)).toEqual([first.id, tieA.id, tieB.id, later.id]);
    expect(body.modules[0].syllabuses).toEqual([
      { id: s1.id, summary: 'one', module_id: first.id, sort: 1 },
      { id: s2.id, summary: 'two', module_id: first.id, sort: 2 },
    ]);
    expect(body.instructors.map((i: { id: number }) => i.id)).toEqual([user.id, co.id]);
    expect(body).toMatchObject({
      id: course.id,
      students_count: 2,
      current_user_roles: ['instructor'],
      can_manage: true,
      simulating: false,
    });
    expect(Object.keys(body)).toContain('opened_departments');
  });

  it('answers only the requested fields (and id) with fields=, in both URL spellings', async () => {
    const { course, session } = await teacher();
    await createModule(t, course.id);
    for (const prefix of ['/api/courses', '/api/course']) {
      const res = await call(session, 'GET', `${prefix}/${course.id}?fields=name,modules(id,name),bogus`);
      expect(res.statusCode).toBe(200);
      expect(Object.keys(res.json()).sort()).toEqual(['id', 'modules', 'name']);
      expect(res.json().modules).toHaveLength(1);
    }
  });

  it('reads opened departments and shared organisations from the course access settings', async () => {
    const { course, session } = await teacher();
    const department = await createDepartment(t, orgId, { name: 'Opened' });
    const partner = await createOrg(t, { name: 'Partner' });
    await t.db
      .update(courses)
      .set({
        access: {
          opened_roles: ['student'],
          opened_department_ids: [department.id],
          public_to_org_ids: [partner.id],
        },
        courseAttributes: { pictures: ['a.png'], selected_certification: 'Gold' },
      })
      .where(eq(courses.id, course.id));
    const res = await call(
      session,
      'GET',
      `/api/courses/${course.id}?fields=opened_roles,opened_departments,public_to_orgs,course_pictures,selected_certification`,
    );
    expect(res.json()).toEqual({
      id: course.id,
      opened_roles: ['student'],
      opened_departments: [{ id: department.id, name: 'Opened' }],
      public_to_orgs: [{ id: partner.id, name: 'Partner' }],
      course_pictures: ['a.png'],
      selected_certification: 'Gold',
    });
  });

  it('shows a student their role and no management', async () => {
    const { course } = await teacher();
    const student = await createUser(t, orgId);
    await addMember(t, course.id, student.id, ['student']);
    const res = await call(await loginAs(t, student), 'GET', `/api/courses/${course.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ current_user_roles: ['student'], can_manage: false });
  });

  it('lets an org admin who is not a member read and manage', async () => {
    const { course } = await teacher();
    const admin = await createUser(t, orgId, { orgRole: 'admin' });
    const res = await call(await loginAs(t, admin), 'GET', `/api/courses/${course.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ current_user_roles: [], can_manage: true });
  });

  it('answers 404 for another organisation’s course and 403 to an outsider of the same one', async () => {
    const { course } = await teacher();
    const other = await createOrg(t);
    const stranger = await createUser(t, other.id, { orgRole: 'admin' });
    const foreign = await call(await loginAs(t, stranger), 'GET', `/api/courses/${course.id}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('not_found');
    const outsider = await createUser(t, orgId);
    const refused = await call(await loginAs(t, outsider), 'GET', `/api/courses/${course.id}`);
    expect(refused.statusCode).toBe(403);
    const missing = await call(await loginAs(t, outsider), 'GET', '/api/courses/987654');
    expect(missing.statusCode).toBe(404);
  });

  it('requires a session', async () => {
    const { course } = await teacher();
    const res = await t.app.inject({ method: 'GET', url: `/api/courses/${course.id}` });
    expect(res.statusCode).toBe(401);
  });
});

describe('PUT /api/courses/:id', () => {
  it('lets the teaching team update and stores the change', async () => {
    const { course } = await teacher();
    const assistant = await createUser(t, orgId);
    await addMember(t, course.id, assistant.id, ['instructor_assistant']);
    const res = await call(await loginAs(t, assistant), 'PUT', `/api/courses/${course.id}`, {
      name: 'Renamed',
      display_name: 'Shown name',
      klass: 'Class 3',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Renamed', display_name: 'Shown name', klass: 'Class 3' });
    const [stored] = await t.db.select().from(courses).where(eq(courses.id, course.id));
    expect(stored).toMatchObject({ name: 'Renamed', displayName: 'Shown name', klass: 'Class 3' });
  });

  it('checks the end date against the stored start date', async () => {
    const { course, session } = await teacher();
    await call(session, 'PUT', `/api/courses/${course.id}`, { start_date: '2026-03-01' });
    const res = await call(session, 'PUT', `/api/courses/${course.id}`, { end_date: '2026-02-01' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.end_date).toEqual(['The end date cannot be before the start date.']);
  });

  it('refuses students', async () => {
    const { course } = await teacher();
    const student = await createUser(t, orgId);
    await addMember(t, course.id, student.id, ['student']);
    const res = await call(await loginAs(t, student), 'PUT', `/api/courses/${course.id}`, {
      name: 'Mine now',
    });
    expect(res.statusCode).toBe(403);
    const [stored] = await t.db.select().from(courses).where(eq(courses.id, course.id));
    expect(stored?.name).not.toBe('Mine now');
  });
});

describe('DELETE /api/courses/:id', () => {
  it('lets only the chief instructor or an org admin delete', async () => {
    const { course, session } = await teacher();
    const co = await createUser(t, orgId);
    await addMember(t, course.id, co.id, ['instructor']);
    const refused = await call(await loginAs(t, co), 'DELETE', `/api/courses/${course.id}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(
      'Only the chief instructor or an administrator can delete this course.',
    );
    const ok = await call(session, 'DELETE', `/api/courses/${course.id}`);
    expect(ok.statusCode).toBe(200);
    // Into the recycle bin (decision 0015): gone for readers, kept with its members until purged.
    expect((await call(session, 'GET', `/api/courses/${course.id}`)).statusCode).toBe(404);
    const [kept] = await t.db.select().from(courses).where(eq(courses.id, course.id));
    expect(kept?.recycleBinItemId).not.toBeNull();
    // The owner and the co-instructor.
    expect(await t.db.select().from(courseMembers).where(eq(courseMembers.courseId, course.id))).toHaveLength(
      2,
    );

    const other = await teacher();
    const admin = await createUser(t, orgId, { orgRole: 'admin' });
    const byAdmin = await call(await loginAs(t, admin), 'DELETE', `/api/courses/${other.course.id}`);
    expect(byAdmin.statusCode).toBe(200);
  });
});

describe('simulation', () => {
  it('lets an instructor view the course as a student: reads work, writes are refused', async () => {
    const { user, course, session } = await teacher();
    const on = await call(session, 'POST', `/api/courses/${course.id}/simulate`, { simulating: true });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toEqual({ simulating_course_id: course.id });
    const [stored] = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(stored?.simulatingCourseId).toBe(course.id);

    const read = await call(session, 'GET', `/api/courses/${course.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({
      current_user_roles: ['student'],
      simulating: true,
      can_manage: false,
    });

    const write = await call(session, 'PUT', `/api/courses/${course.id}`, { name: 'Nope' });
    expect(write.statusCode).toBe(403);
    expect(write.json()).toMatchObject({
      code: 'simulating_read_only',
      message: 'This is not allowed while viewing the course as a student.',
    });
    const module = await call(session, 'POST', `/api/courses/${course.id}/modules`, { name: 'Nope' });
    expect(module.statusCode).toBe(403);
    expect(module.json().code).toBe('simulating_read_only');

    const off = await call(session, 'POST', `/api/courses/${course.id}/simulate`, { simulating: false });
    expect(off.json()).toEqual({ simulating_course_id: null });
    const [after] = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(after?.simulatingCourseId).toBeNull();
    const back = await call(session, 'GET', `/api/courses/${course.id}?fields=current_user_roles,can_manage`);
    expect(back.json()).toEqual({ id: course.id, current_user_roles: ['instructor'], can_manage: true });
  });

  it('is only for the teaching team', async () => {
    const { course } = await teacher();
    const student = await createUser(t, orgId);
    await addMember(t, course.id, student.id, ['student']);
    const res = await call(await loginAs(t, student), 'POST', `/api/courses/${course.id}/simulate`, {
      simulating: true,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Only the teaching team can view the course as a student.');
  });
});

describe('POST /api/my-courses and GET /api/my-semesters', () => {
  it('filters by role, pages, sorts by semester then newest, and selects fields', async () => {
    const me = await createUser(t, orgId);
    const other = await createUser(t, orgId);
    const year = await createAcademicYear(t, orgId, { name: '2026-2027' });
    const autumn = await createSemester(t, orgId, year.id, { name: 'Autumn', sort: 2 });
    const spring = await createSemester(t, orgId, year.id, { name: 'Spring', sort: 1 });
    const owned1 = await createCourse(t, orgId, me.id, { semesterId: spring.id, academicYearId: year.id });
    const owned2 = await createCourse(t, orgId, me.id, { semesterId: autumn.id, academicYearId: year.id });
    const coTaught = await createCourse(t, orgId, other.id, { semesterId: spring.id });
    await addMember(t, coTaught.id, me.id, ['instructor']);
    const studied = await createCourse(t, orgId, other.id, { name: 'Studied Algebra' });
    await addMember(t, studied.id, me.id, ['student']);
    await createCourse(t, orgId, other.id); // not mine
    const session = await loginAs(t, me);

    const all = await call(session, 'POST', '/api/my-courses', {});
    expect(all.statusCode).toBe(200);
    expect(all.json()).toMatchObject({ total: 4, page: 1, page_size: 10, pages: 1 });
    // Autumn (sort 2) before Spring (sort 1), newest first within; no semester last.
    expect(all.json().courses.map((c: { id: number }) => c.id)).toEqual([
      owned2.id,
      coTaught.id,
      owned1.id,
      studied.id,
    ]);

    const chief = await call(session, 'POST', '/api/my-courses', {
      conditions: { role: ['chief_instructor'] },
    });
    expect(
      chief
        .json()
        .courses.map((c: { id: number }) => c.id)
        .sort(),
    ).toEqual([owned1.id, owned2.id].sort());

    const teaching = await call(session, 'POST', '/api/my-courses', {
      conditions: JSON.stringify({ role: ['chief_instructor', 'instructor'] }),
    });
    expect(teaching.json().total).toBe(3);

    const studying = await call(session, 'POST', '/api/my-courses', { conditions: { role: ['student'] } });
    expect(studying.json().courses).toEqual([
      expect.objectContaining({ id: studied.id, current_user_roles: ['student'], students_count: 1 }),
    ]);

    const paged = await call(session, 'POST', '/api/my-courses', { page: 2, page_size: 3 });
    expect(paged.json()).toMatchObject({ total: 4, pages: 2, page: 2 });
    expect(paged.json().courses.map((c: { id: number }) => c.id)).toEqual([studied.id]);

    const keyword = await call(session, 'POST', '/api/my-courses', {
      fields: 'name,instructors',
      conditions: { keyword: 'algebra' },
    });
    expect(keyword.json().courses).toEqual([
      { id: studied.id, name: 'Studied Algebra', instructors: [expect.objectContaining({ id: other.id })] },
    ]);

    const bySemester = await call(session, 'POST', '/api/my-courses', {
      conditions: { semester_id: spring.id },
    });
    expect(bySemester.json().total).toBe(2);

    const semesters = await call(session, 'GET', '/api/my-semesters');
    expect(semesters.statusCode).toBe(200);
    expect(semesters.json().semesters).toEqual([
      expect.objectContaining({
        id: autumn.id,
        name: 'Autumn',
        academic_year: { id: year.id, name: '2026-2027', code: year.code },
      }),
      expect.objectContaining({ id: spring.id, name: 'Spring' }),
    ]);
  });

  it('filters by status against today', async () => {
    const me = await createUser(t, orgId);
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const past = await createCourse(t, orgId, me.id, { startDate: day(-60), endDate: day(-30) });
    const ongoing = await createCourse(t, orgId, me.id, { startDate: day(-10), endDate: day(10) });
    const undated = await createCourse(t, orgId, me.id);
    const future = await createCourse(t, orgId, me.id, { startDate: day(30), endDate: day(60) });
    const session = await loginAs(t, me);
    const ids = async (status: string) =>
      (await call(session, 'POST', '/api/my-courses', { conditions: { status } }))
        .json()
        .courses.map((c: { id: number }) => c.id)
        .sort();
    expect(await ids('closed')).toEqual([past.id]);
    expect(await ids('not_started')).toEqual([future.id]);
    expect(await ids('ongoing')).toEqual([ongoing.id, undated.id].sort());
  });

  it('refuses an unknown role filter', async () => {
    const me = await createUser(t, orgId);
    const res = await call(await loginAs(t, me), 'POST', '/api/my-courses', {
      conditions: { role: ['janitor'] },
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual(['conditions.role.0']);
  });
});
