import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { courseMembers, groupMembers } from '../../db/schema/courses.ts';
import {
  addMember,
  createCourse,
  createGroup,
  createGroupSet,
  createOrg,
  createUser,
  loginAs,
  type Session,
} from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
function call(session: Session, method: Method, url: string, payload?: object) {
  return t.app.inject({ method, url, headers: session.headers, ...(payload ? { payload } : {}) });
}

const ids = (rows: { id: number }[]) => rows.map((r) => r.id);

/** In an organisation of its own, a course with a chief instructor (phone bound), a co-instructor, an assistant, two students, a customer. */
async function classroom() {
  const orgId = (await createOrg(t)).id;
  const chief = await createUser(t, orgId, { userNo: 'a-chief', mobilePhone: '13800000000' });
  const course = await createCourse(t, orgId, chief.id);
  const co = await createUser(t, orgId, { userNo: 'b-co' });
  const assistant = await createUser(t, orgId, { userNo: 'c-assistant', mobilePhone: '13900000000' });
  const student1 = await createUser(t, orgId, { userNo: 'd-student' });
  const student2 = await createUser(t, orgId, { userNo: 'e-student' });
  const customer = await createUser(t, orgId, { userNo: 'f-customer' });
  await addMember(t, course.id, co.id, ['instructor']);
  await addMember(t, course.id, assistant.id, ['instructor_assistant']);
  await addMember(t, course.id, student1.id, ['student']);
  await addMember(t, course.id, student2.id, ['student', 'student_assistant']);
  await addMember(t, course.id, customer.id, ['customer']);
  return {
    orgId,
    course,
    chief,
    co,
    assistant,
    student1,
    student2,
    customer,
    session: await loginAs(t, chief),
  };
}

async function storedRoles(courseId: number, userId: number) {
  const [row] = await t.db
    .select()
    .from(courseMembers)
    .where(and(eq(courseMembers.courseId, courseId), eq(courseMembers.userId, userId)));
  return row?.roles;
}

describe('member lists', () => {
  it('lists students on both URL spellings, with contacts for the teaching team', async () => {
    const c = await classroom();
    for (const prefix of ['/api/course', '/api/courses']) {
      const res = await call(c.session, 'GET', `${prefix}/${c.course.id}/students`);
      expect(res.statusCode).toBe(200);
      expect(ids(res.json().students)).toEqual([c.student1.id, c.student2.id]);
      expect(res.json().students[0]).toMatchObject({
        user_no: 'd-student',
        email: c.student1.email,
        course_roles: ['student'],
        is_chief_instructor: false,
      });
      expect(res.json().students[1].course_roles).toEqual(['student_assistant', 'student']);
    }
  });

  it('hides e-mail and phone from students and customers', async () => {
    const c = await classroom();
    for (const viewer of [c.student1, c.customer]) {
      const res = await call(await loginAs(t, viewer), 'GET', `/api/courses/${c.course.id}/members`);
      expect(res.statusCode).toBe(200);
      const members = res.json().members as { email: string | null; mobile_phone_bound: boolean }[];
      expect(members).toHaveLength(6);
      expect(members.every((m) => m.email === null && m.mobile_phone_bound === false)).toBe(true);
    }
    const teacherView = await call(c.session, 'GET', `/api/courses/${c.course.id}/members`);
    const chiefRow = teacherView.json().members[0];
    expect(chiefRow).toMatchObject({ id: c.chief.id, is_chief_instructor: true, mobile_phone_bound: true });
    expect(chiefRow.email).toBe(c.chief.email);
  });

  it('lists instructors (chief first) and educators with field selection', async () => {
    const c = await classroom();
    const instructors = await call(c.session, 'GET', `/api/courses/${c.course.id}/instructors`);
    expect(ids(instructors.json().instructors)).toEqual([c.chief.id, c.co.id]);
    const educators = await call(
      c.session,
      'GET',
      `/api/courses/${c.course.id}/educators?fields=name,course_roles`,
    );
    expect(educators.json().educators).toEqual([
      { id: c.chief.id, name: c.chief.name, course_roles: ['instructor'] },
      { id: c.co.id, name: c.co.name, course_roles: ['instructor'] },
      { id: c.assistant.id, name: c.assistant.name, course_roles: ['instructor_assistant'] },
    ]);
  });

  it('offers as hosts of phone meetings only teaching-team members with a phone', async () => {
    const c = await classroom();
    const all = await call(c.session, 'GET', `/api/courses/${c.course.id}/hosts`);
    expect(ids(all.json().hosts)).toEqual([c.chief.id, c.co.id, c.assistant.id]);
    for (const type of ['classin', 'tencent_meeting']) {
      const phoned = await call(c.session, 'GET', `/api/courses/${c.course.id}/hosts?type=${type}`);
      expect(ids(phoned.json().hosts)).toEqual([c.chief.id, c.assistant.id]);
    }
    const live = await call(c.session, 'GET', `/api/courses/${c.course.id}/hosts?type=lecture_live`);
    expect(ids(live.json().hosts)).toHaveLength(3);
  });

  it('refuses outsiders and other organisations', async () => {
    const c = await classroom();
    const outsider = await createUser(t, c.orgId);
    expect(
      (await call(await loginAs(t, outsider), 'GET', `/api/courses/${c.course.id}/members`)).statusCode,
    ).toBe(403);
    const foreign = await createUser(t, (await createOrg(t)).id);
    expect(
      (await call(await loginAs(t, foreign), 'GET', `/api/course/${c.course.id}/students`)).statusCode,
    ).toBe(404);
  });
});

describe('adding members', () => {
  it('adds by user number and id, merges roles of existing members, and lists unknown numbers', async () => {
    const c = await classroom();
    const newcomer = await createUser(t, c.orgId, { userNo: 'new-1' });
    const byId = await createUser(t, c.orgId);
    const foreign = await createUser(t, (await createOrg(t)).id, { userNo: 'new-2' });
    const res = await call(c.session, 'POST', `/api/courses/${c.course.id}/members`, {
      user_nos: ['new-1', 'd-student', 'new-2', 'ghost'],
      user_ids: [byId.id],
      roles: ['student_assistant'],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().not_found).toEqual(['new-2', 'ghost']);
    expect(ids(res.json().members).sort()).toEqual([newcomer.id, byId.id, c.student1.id].sort());
    expect(await storedRoles(c.course.id, newcomer.id)).toEqual(['student_assistant']);
    expect(await storedRoles(c.course.id, c.student1.id)).toEqual(['student_assistant', 'student']);
    expect(await storedRoles(c.course.id, foreign.id)).toBeUndefined();
  });

  it('refuses ids outside the organisation, students, and an empty request', async () => {
    const c = await classroom();
    const foreign = await createUser(t, (await createOrg(t)).id);
    const res = await call(c.session, 'POST', `/api/courses/${c.course.id}/members`, {
      user_ids: [foreign.id],
      roles: ['student'],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ user_ids: [`These users do not exist: ${foreign.id}.`] });
    expect(await storedRoles(c.course.id, foreign.id)).toBeUndefined();

    const someone = await createUser(t, c.orgId);
    const byStudent = await call(
      await loginAs(t, c.student1),
      'POST',
      `/api/courses/${c.course.id}/members`,
      {
        user_ids: [someone.id],
        roles: ['student'],
      },
    );
    expect(byStudent.statusCode).toBe(403);

    const empty = await call(c.session, 'POST', `/api/courses/${c.course.id}/members`, { roles: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual({
      roles: ['Choose at least one course role.'],
      user_nos: ['Choose the people to add.'],
    });
  });
});

describe('changing and removing members', () => {
  it('replaces roles, but the chief instructor keeps the instructor role', async () => {
    const c = await classroom();
    const res = await call(c.session, 'PUT', `/api/courses/${c.course.id}/members/${c.co.id}`, {
      roles: ['student', 'instructor_assistant'],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: c.co.id, course_roles: ['instructor_assistant', 'student'] });
    expect(await storedRoles(c.course.id, c.co.id)).toEqual(['instructor_assistant', 'student']);

    const chief = await call(c.session, 'PUT', `/api/courses/${c.course.id}/members/${c.chief.id}`, {
      roles: ['instructor_assistant'],
    });
    expect(chief.statusCode).toBe(400);
    expect(chief.json().errors).toEqual({ roles: ['The chief instructor must keep the instructor role.'] });
    expect(await storedRoles(c.course.id, c.chief.id)).toEqual(['instructor']);

    const stranger = await createUser(t, c.orgId);
    const missing = await call(c.session, 'PUT', `/api/courses/${c.course.id}/members/${stranger.id}`, {
      roles: ['student'],
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('This person is not a member of the course.');
  });

  it('a student who stops being one leaves the course groups', async () => {
    const c = await classroom();
    const set = await createGroupSet(t, c.course.id);
    await createGroup(t, set.id, { memberIds: [c.student1.id] });
    await call(c.session, 'PUT', `/api/courses/${c.course.id}/members/${c.student1.id}`, {
      roles: ['customer'],
    });
    expect(await t.db.select().from(groupMembers).where(eq(groupMembers.userId, c.student1.id))).toHaveLength(
      0,
    );
  });

  it('removes a member (and their group places) but never the chief instructor', async () => {
    const c = await classroom();
    const set = await createGroupSet(t, c.course.id);
    await createGroup(t, set.id, { memberIds: [c.student2.id] });
    const res = await call(c.session, 'DELETE', `/api/courses/${c.course.id}/members/${c.student2.id}`);
    expect(res.statusCode).toBe(200);
    expect(await storedRoles(c.course.id, c.student2.id)).toBeUndefined();
    expect(await t.db.select().from(groupMembers).where(eq(groupMembers.userId, c.student2.id))).toHaveLength(
      0,
    );

    const chief = await call(
      await loginAs(t, c.co),
      'DELETE',
      `/api/courses/${c.course.id}/members/${c.chief.id}`,
    );
    expect(chief.statusCode).toBe(409);
    expect(chief.json()).toMatchObject({
      code: 'conflict',
      message: 'The chief instructor cannot be removed from the course.',
    });
    expect(await storedRoles(c.course.id, c.chief.id)).toEqual(['instructor']);

    const byStudent = await call(
      await loginAs(t, c.student1),
      'DELETE',
      `/api/courses/${c.course.id}/members/${c.customer.id}`,
    );
    expect(byStudent.statusCode).toBe(403);
  });
});
