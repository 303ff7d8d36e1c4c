import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { groupMembers, groups, groupSets } from '../../db/schema/courses.ts';
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

const ids = (rows: { id: number }[]) => rows.map((r) => r.id);

async function classroom(studentCount = 3) {
  const teacher = await createUser(t, orgId);
  const course = await createCourse(t, orgId, teacher.id);
  const students = [];
  for (let i = 0; i < studentCount; i += 1) {
    const student = await createUser(t, orgId, { userNo: `s-${course.id}-${i}` });
    await addMember(t, course.id, student.id, ['student']);
    students.push(student);
  }
  return { teacher, course, students, session: await loginAs(t, teacher) };
}

async function membershipOf(setId: number) {
  return t.db
    .select({ groupId: groupMembers.groupId, userId: groupMembers.userId, isLeader: groupMembers.isLeader })
    .from(groupMembers)
    .where(eq(groupMembers.groupSetId, setId))
    .orderBy(asc(groupMembers.userId));
}

describe('group sets', () => {
  it('creates a set with its groups in order', async () => {
    const c = await classroom();
    const res = await call(c.session, 'POST', `/api/courses/${c.course.id}/group-sets`, {
      name: 'Lab teams',
      group_names: ['Red', 'Blue'],
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ name: 'Lab teams', group_set_id: body.id, members: [], leaders: [] });
    expect(body.groups.map((g: { name: string }) => g.name)).toEqual(['Red', 'Blue']);
    const stored = await t.db.select().from(groups).where(eq(groups.groupSetId, body.id));
    expect(stored).toHaveLength(2);
  });

  it('preloads every set’s groups by default, or only one set’s, and honours fields=', async () => {
    const c = await classroom();
    const a = await createGroupSet(t, c.course.id, { sort: 1 });
    const b = await createGroupSet(t, c.course.id, { sort: 2 });
    const ga = await createGroup(t, a.id, { memberIds: [c.students[0]!.id], leaderIds: [c.students[0]!.id] });
    const gb = await createGroup(t, b.id, { memberIds: [c.students[1]!.id] });
    const student = await loginAs(t, c.students[2]!);

    for (const query of ['', '?preload_id=-1']) {
      const all = await call(student, 'GET', `/api/courses/${c.course.id}/group-sets${query}`);
      expect(all.statusCode).toBe(200);
      expect(ids(all.json().group_sets)).toEqual([a.id, b.id]);
      expect(ids(all.json().group_sets[0].groups)).toEqual([ga.id]);
      expect(ids(all.json().group_sets[1].groups)).toEqual([gb.id]);
    }

    const one = await call(student, 'GET', `/api/courses/${c.course.id}/group-sets?preload_id=${b.id}`);
    const [setA, setB] = one.json().group_sets;
    expect(setA.groups).toEqual([]);
    // Set-wide members and leaders are there even when the set's groups are not preloaded.
    expect(ids(setA.members)).toEqual([c.students[0]!.id]);
    expect(ids(setA.leaders)).toEqual([c.students[0]!.id]);
    expect(setB.groups).toEqual([
      expect.objectContaining({ id: gb.id, members: [expect.objectContaining({ id: c.students[1]!.id })] }),
    ]);

    const named = await call(student, 'GET', `/api/courses/${c.course.id}/group-sets?fields=name,sort`);
    expect(named.json().group_sets).toEqual([
      { id: a.id, name: a.name, sort: 1 },
      { id: b.id, name: b.name, sort: 2 },
    ]);
  });

  it('renames and deletes a set with its groups', async () => {
    const c = await classroom();
    const set = await createGroupSet(t, c.course.id);
    const group = await createGroup(t, set.id, { memberIds: [c.students[0]!.id] });
    const renamed = await call(c.session, 'PUT', `/api/group-sets/${set.id}`, { name: 'Renamed', sort: 4 });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({
      name: 'Renamed',
      sort: 4,
      groups: [expect.objectContaining({ id: group.id })],
    });
    const removed = await call(c.session, 'DELETE', `/api/group-sets/${set.id}`);
    expect(removed.statusCode).toBe(200);
    expect(await t.db.select().from(groupSets).where(eq(groupSets.id, set.id))).toHaveLength(0);
    expect(await t.db.select().from(groups).where(eq(groups.id, group.id))).toHaveLength(0);
    expect(await membershipOf(set.id)).toEqual([]);
  });

  it('refuses students, blank names, other organisations and unknown sets', async () => {
    const c = await classroom();
    const student = await loginAs(t, c.students[0]!);
    const refused = await call(student, 'POST', `/api/courses/${c.course.id}/group-sets`, { name: 'Mine' });
    expect(refused.statusCode).toBe(403);
    const blank = await call(c.session, 'POST', `/api/courses/${c.course.id}/group-sets`, {
      name: 'Teams',
      group_names: ['A', ''],
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors).toEqual({ 'group_names.1': ['Enter a group name.'] });
    expect(await t.db.select().from(groupSets).where(eq(groupSets.courseId, c.course.id))).toHaveLength(0);

    const set = await createGroupSet(t, c.course.id);
    const foreign = await createUser(t, (await createOrg(t)).id, { orgRole: 'admin' });
    const foreignSession = await loginAs(t, foreign);
    expect((await call(foreignSession, 'PUT', `/api/group-sets/${set.id}`, { name: 'x' })).statusCode).toBe(
      404,
    );
    expect((await call(foreignSession, 'GET', `/api/courses/${c.course.id}/group-sets`)).statusCode).toBe(
      404,
    );
    const missing = await call(c.session, 'POST', '/api/group-sets/99999999/groups', { name: 'x' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Group set not found.');
  });
});

describe('groups', () => {
  it('adds groups at the end of the set', async () => {
    const c = await classroom();
    const set = await createGroupSet(t, c.course.id);
    await createGroup(t, set.id, { sort: 3 });
    const res = await call(c.session, 'POST', `/api/group-sets/${set.id}/groups`, { name: 'Late' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      name: 'Late',
      sort: 4,
      group_set_id: set.id,
      members: [],
      leaders: [],
    });
  });

  it('sets members and leaders, moving a student from another group of the set', async () => {
    const c = await classroom();
    const [s0, s1, s2] = c.students as [
      (typeof c.students)[0],
      (typeof c.students)[0],
      (typeof c.students)[0],
    ];
    const set = await createGroupSet(t, c.course.id);
    const other = await createGroupSet(t, c.course.id);
    const g1 = await createGroup(t, set.id, { memberIds: [s0.id, s1.id], leaderIds: [s0.id] });
    const g2 = await createGroup(t, set.id);
    const elsewhere = await createGroup(t, other.id, { memberIds: [s0.id] });

    const res = await call(c.session, 'PUT', `/api/groups/${g2.id}`, {
      name: 'Movers',
      member_ids: [s0.id, s2.id],
      leader_ids: [s2.id],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: g2.id, name: 'Movers' });
    expect(ids(res.json().members).sort()).toEqual([s0.id, s2.id].sort());
    expect(ids(res.json().leaders)).toEqual([s2.id]);

    expect(await membershipOf(set.id)).toEqual(
      [
        { groupId: g2.id, userId: s0.id, isLeader: false },
        { groupId: g1.id, userId: s1.id, isLeader: false },
        { groupId: g2.id, userId: s2.id, isLeader: true },
      ].sort((a, b) => a.userId - b.userId),
    );
    // Another set is untouched: a student may be in one group per set.
    expect(await membershipOf(other.id)).toEqual([{ groupId: elsewhere.id, userId: s0.id, isLeader: false }]);

    // Without leader_ids the leaders who stay members keep leading.
    const shrink = await call(c.session, 'PUT', `/api/groups/${g2.id}`, { member_ids: [s2.id] });
    expect(ids(shrink.json().members)).toEqual([s2.id]);
    expect(ids(shrink.json().leaders)).toEqual([s2.id]);
    const onlyLeaders = await call(c.session, 'PUT', `/api/groups/${g1.id}`, { leader_ids: [s1.id] });
    expect(ids(onlyLeaders.json().leaders)).toEqual([s1.id]);
    expect(ids(onlyLeaders.json().members)).toEqual([s1.id]);
  });

  it('refuses members who are not students and leaders who are not members', async () => {
    const c = await classroom();
    const [s0, s1] = c.students as [(typeof c.students)[0], (typeof c.students)[0]];
    const set = await createGroupSet(t, c.course.id);
    const group = await createGroup(t, set.id, { memberIds: [s0.id] });
    const outsider = await createUser(t, orgId);

    const notStudents = await call(c.session, 'PUT', `/api/groups/${group.id}`, {
      member_ids: [s1.id, c.teacher.id, outsider.id],
    });
    expect(notStudents.statusCode).toBe(400);
    expect(notStudents.json().errors).toEqual({
      member_ids: [
        `Group members must be students of the course (not students: ${c.teacher.id}, ${outsider.id}).`,
      ],
    });

    const badLeaders = await call(c.session, 'PUT', `/api/groups/${group.id}`, {
      member_ids: [s0.id],
      leader_ids: [s1.id],
    });
    expect(badLeaders.statusCode).toBe(400);
    expect(badLeaders.json().errors).toEqual({ leader_ids: ['Group leaders must be members of the group.'] });
    const zh = await t.app.inject({
      method: 'PUT',
      url: `/api/groups/${group.id}`,
      headers: { ...c.session.headers, 'accept-language': 'zh-CN' },
      payload: { leader_ids: [s1.id] },
    });
    expect(zh.json().errors).toEqual({ leader_ids: ['组长必须是该小组的成员'] });

    // Nothing changed.
    expect(await membershipOf(set.id)).toEqual([{ groupId: group.id, userId: s0.id, isLeader: false }]);
  });

  it('deletes a group and refuses students', async () => {
    const c = await classroom();
    const set = await createGroupSet(t, c.course.id);
    const group = await createGroup(t, set.id, { memberIds: [c.students[0]!.id] });
    const student = await loginAs(t, c.students[0]!);
    expect((await call(student, 'PUT', `/api/groups/${group.id}`, { name: 'x' })).statusCode).toBe(403);
    expect((await call(student, 'DELETE', `/api/groups/${group.id}`)).statusCode).toBe(403);
    const res = await call(c.session, 'DELETE', `/api/groups/${group.id}`);
    expect(res.statusCode).toBe(200);
    expect(await t.db.select().from(groups).where(eq(groups.id, group.id))).toHaveLength(0);
    expect(await membershipOf(set.id)).toEqual([]);
    const missing = await call(c.session, 'DELETE', `/api/groups/${group.id}`);
    expect(missing.statusCode).toBe(404);
  });

  it('lists the users of groups whose name matches', async () => {
    const c = await classroom();
    const [s0, s1, s2] = c.students as [
      (typeof c.students)[0],
      (typeof c.students)[0],
      (typeof c.students)[0],
    ];
    const set = await createGroupSet(t, c.course.id);
    await createGroup(t, set.id, { name: 'Team Alpha', memberIds: [s0.id, s1.id] });
    await createGroup(t, set.id, { name: 'Team Beta', memberIds: [s2.id] });
    const alpha = await call(c.session, 'GET', `/api/courses/${c.course.id}/group-users?group_name=alpha`);
    expect(alpha.statusCode).toBe(200);
    expect(alpha.json().users).toEqual([
      expect.objectContaining({ id: s0.id, group_name: 'Team Alpha' }),
      expect.objectContaining({ id: s1.id, group_name: 'Team Alpha' }),
    ]);
    const all = await call(c.session, 'GET', `/api/courses/${c.course.id}/group-users`);
    expect(ids(all.json().users)).toHaveLength(3);
  });
});
