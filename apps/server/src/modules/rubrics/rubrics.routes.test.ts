import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { activities } from '../../db/schema/activities.ts';
import { users } from '../../db/schema/identity.ts';
import { rubrics } from '../../db/schema/rubrics.ts';
import type { Actor } from '../../platform/http/request-context.ts';
import {
  addMember,
  createActivity,
  createCourse,
  createModule,
  createOrg,
  createUser,
  loginAs,
  type Session,
} from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { rubricsService } from './rubrics.service.ts';

let t: TestApp;
let orgId: number;
let courseId: number;
let moduleId: number;
let teacherId: number;
let teacher: Session;
let assistant: Session;
let student: Session;
let outsider: Session;
let otherTeacher: Session;
let admin: Session;
let simulating: Session;
let foreignTeacher: Session;

beforeAll(async () => {
  t = await createTestApp();
  orgId = (await createOrg(t)).id;
  const teacherUser = await createUser(t, orgId, { name: 'Teacher Tao' });
  teacherId = teacherUser.id;
  const assistantUser = await createUser(t, orgId);
  const studentUser = await createUser(t, orgId);
  const outsiderUser = await createUser(t, orgId);
  const otherTeacherUser = await createUser(t, orgId);
  const adminUser = await createUser(t, orgId, { orgRole: 'admin' });
  courseId = (await createCourse(t, orgId, teacherId)).id;
  moduleId = (await createModule(t, courseId)).id;
  await addMember(t, courseId, assistantUser.id, ['instructor_assistant']);
  await addMember(t, courseId, studentUser.id, ['student']);
  await addMember(t, courseId, otherTeacherUser.id, ['student']);
  await createCourse(t, orgId, otherTeacherUser.id);
  const foreignOrg = (await createOrg(t)).id;
  const foreignUser = await createUser(t, foreignOrg);
  await createCourse(t, foreignOrg, foreignUser.id);

  teacher = await loginAs(t, teacherUser);
  assistant = await loginAs(t, assistantUser);
  student = await loginAs(t, studentUser);
  outsider = await loginAs(t, outsiderUser);
  otherTeacher = await loginAs(t, otherTeacherUser);
  admin = await loginAs(t, adminUser);
  simulating = await loginAs(t, teacherUser, { simulatingCourseId: courseId });
  foreignTeacher = await loginAs(t, foreignUser);
});
afterAll(async () => t.close());

type Call = { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: object };
const as = (session: Session, call: Call) => t.app.inject({ ...call, headers: session.headers });

const input = (overrides: Record<string, unknown> = {}) => ({
  name: 'Essay rubric',
  conditions: [
    {
      name: 'Argument',
      description: 'A clear thesis, supported',
      levels: [
        { score: 10, description: 'Excellent' },
        { score: 8, description: 'Good' },
        { score: 6, description: 'Pass' },
        { score: 4, description: 'Needs improvement' },
      ],
    },
    {
      name: 'Style',
      description: 'Readable prose',
      levels: [
        { score: 2.5, description: 'Plain' },
        { score: 5.5, description: 'Fluent' },
      ],
    },
  ],
  ...overrides,
});

async function createRubric(session: Session = teacher, body: object = input()): Promise<number> {
  const res = await as(session, { method: 'POST', url: '/api/rubrics', payload: body });
  expect(res.statusCode).toBe(201);
  return res.json<{ id: number }>().id;
}

/** A homework activity whose data points at rubrics, as the homework slice stores it. */
const homework = (data: Record<string, unknown>, values: { published?: boolean; course?: number } = {}) =>
  createActivity(t, {
    courseId: values.course ?? courseId,
    moduleId,
    createdBy: teacherId,
    type: 'homework',
    published: values.published ?? true,
    data,
  });

describe('creating rubrics', () => {
  it('creates a rubric for an instructor (201) with its total, creator and no uses', async () => {
    const res = await as(teacher, {
      method: 'POST',
      url: '/api/rubrics',
      payload: input({ name: '  Essay  ' }),
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      name: 'Essay',
      total: 15.5,
      engage_number: 0,
      can_edit: true,
      created_by: { id: teacherId, name: 'Teacher Tao' },
    });
    expect(body.conditions[1]).toEqual(input().conditions[1]);
    const [row] = await t.db.select().from(rubrics).where(eq(rubrics.id, body.id));
    expect(row?.orgId).toBe(orgId);
  });

  it('lets assistants and organisation administrators create rubrics', async () => {
    expect((await as(assistant, { method: 'POST', url: '/api/rubrics', payload: input() })).statusCode).toBe(
      201,
    );
    expect((await as(admin, { method: 'POST', url: '/api/rubrics', payload: input() })).statusCode).toBe(201);
  });

  it('refuses students and users who teach nothing', async () => {
    for (const session of [student, outsider]) {
      const res = await as(session, { method: 'POST', url: '/api/rubrics', payload: input() });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Only instructors, assistants and administrators can create rubrics.');
    }
  });

  it('refuses writes while the session views a course as a student', async () => {
    const res = await as(simulating, { method: 'POST', url: '/api/rubrics', payload: input() });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('simulating_read_only');
  });

  it('names every missing name, description and score on its exact path', async () => {
    const body = input({ name: '' });
    body.conditions[0] = {
      name: ' ',
      description: '',
      levels: [{ score: 10, description: 'Excellent' }, { score: null, description: '' } as never],
    };
    const res = await as(teacher, { method: 'POST', url: '/api/rubrics', payload: body });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      name: ['Enter a rubric name.'],
      'conditions.0.name': ['Enter a criterion name.'],
      'conditions.0.description': ['Enter a criterion description.'],
      'conditions.0.levels.1.score': ['Enter a score.'],
      'conditions.0.levels.1.description': ['Enter a rating description.'],
    });
  });

  it('needs at least one criterion, each with at least one rating', async () => {
    const none = await as(teacher, {
      method: 'POST',
      url: '/api/rubrics',
      payload: input({ conditions: [] }),
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().errors).toEqual({ conditions: ['Add at least one criterion.'] });

    const empty = input();
    empty.conditions[1]!.levels = [];
    const res = await as(teacher, { method: 'POST', url: '/api/rubrics', payload: empty });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      'conditions.1.levels': ['Each criterion needs at least one rating.'],
    });
  });

  it('refuses negative scores, more than one decimal, too large scores and too long text', async () => {
    const body = input({ name: 'n'.repeat(101) });
    body.conditions[0]!.levels[0]!.score = -1;
    body.conditions[0]!.levels[1]!.score = 7.25;
    body.conditions[0]!.levels[2]!.score = 100.5;
    body.conditions[1]!.description = 'd'.repeat(2001);
    const res = await as(teacher, { method: 'POST', url: '/api/rubrics', payload: body });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      name: ['The name can have at most 100 characters.'],
      'conditions.0.levels.0.score': [
        'A score must be a number of at least 0 with at most one decimal place.',
      ],
      'conditions.0.levels.1.score': [
        'A score must be a number of at least 0 with at most one decimal place.',
      ],
      'conditions.0.levels.2.score': ['A score can be at most 100.'],
      'conditions.1.description': ['The description can have at most 2000 characters.'],
    });
  });

  it('refuses more than 50 criteria and more than 10 ratings in one', async () => {
    const criterion = input().conditions[0]!;
    const many = await as(teacher, {
      method: 'POST',
      url: '/api/rubrics',
      payload: input({ conditions: Array.from({ length: 51 }, () => criterion) }),
    });
    expect(many.statusCode).toBe(400);
    expect(many.json().errors).toEqual({ conditions: ['A rubric can have at most 50 criteria.'] });
    const levels = Array.from({ length: 11 }, (_, i) => ({ score: i, description: `L${i}` }));
    const res = await as(teacher, {
      method: 'POST',
      url: '/api/rubrics',
      payload: input({ conditions: [{ ...criterion, levels }] }),
    });
    expect(res.json().errors).toEqual({
      'conditions.0.levels': ['A criterion can have at most 10 ratings.'],
    });
  });

  it('answers field errors in the caller’s language', async () => {
    const zh = await loginAs(t, { id: teacherId }, { locale: 'zh-CN' });
    const res = await as(zh, { method: 'POST', url: '/api/rubrics', payload: input({ name: '' }) });
    expect(res.json().errors).toEqual({ name: ['请输入评分标准名称'] });
  });
});

describe('totals and engage_number', () => {
  it('totals the highest level of each criterion, whatever order levels are in', async () => {
    const id = await createRubric(
      teacher,
      input({
        conditions: [
          {
            name: 'A',
            description: 'a',
            levels: [
              { score: 0.1, description: 'low' },
              { score: 3.2, description: 'high' },
              { score: 1, description: 'mid' },
            ],
          },
          { name: 'B', description: 'b', levels: [{ score: 0.2, description: 'only' }] },
        ],
      }),
    );
    const res = await as(teacher, { method: 'GET', url: `/api/rubrics/${id}` });
    expect(res.json().total).toBe(3.4);
  });

  it('counts each homework using the rubric once, as marking or peer-review rubric, and nothing else', async () => {
    const id = await createRubric();
    const other = await createRubric();
    await homework({ rubric_id: id });
    await homework({ intra_rubric_id: id }, { published: false });
    await homework({ rubric_id: id, intra_rubric_id: id });
    await homework({ rubric_id: other });
    await createActivity(t, {
      courseId,
      moduleId,
      createdBy: teacherId,
      type: 'material',
      data: { rubric_id: id },
    });
    const res = await as(teacher, { method: 'GET', url: `/api/rubrics/${id}` });
    expect(res.json().engage_number).toBe(3);
    const list = await as(teacher, { method: 'GET', url: '/api/rubrics' });
    const byId = new Map(list.json().rubrics.map((r: { id: number; engage_number: number }) => [r.id, r]));
    expect(byId.get(id)).toMatchObject({ engage_number: 3 });
    expect(byId.get(other)).toMatchObject({ engage_number: 1 });
  });
});

describe('listing', () => {
  it('lists only the caller’s own rubrics, newest first', async () => {
    const mine = await createRubric(otherTeacher, input({ name: 'Mine' }));
    const newer = await createRubric(otherTeacher, input({ name: 'Newer' }));
    await createRubric(teacher, input({ name: 'Not mine' }));
    const res = await as(otherTeacher, { method: 'GET', url: '/api/rubrics' });
    expect(res.statusCode).toBe(200);
    expect(res.json().rubrics.map((r: { id: number }) => r.id)).toEqual([newer, mine]);
    const studentList = await as(student, { method: 'GET', url: '/api/rubrics' });
    expect(studentList.json()).toEqual({ rubrics: [] });
  });

  it('answers only the asked fields (and id) with fields=', async () => {
    const id = await createRubric(otherTeacher, input({ name: 'Fields' }));
    const res = await as(otherTeacher, { method: 'GET', url: '/api/rubrics?fields=name,total,unknown' });
    expect(res.statusCode).toBe(200);
    expect(res.json().rubrics.find((r: { id: number }) => r.id === id)).toEqual({
      id,
      name: 'Fields',
      total: 15.5,
    });
  });
});

describe('reading one rubric', () => {
  it('shows it to its creator, and hides it from others in the organisation without a homework', async () => {
    const id = await createRubric();
    expect((await as(teacher, { method: 'GET', url: `/api/rubrics/${id}` })).statusCode).toBe(200);
    for (const session of [assistant, student, outsider, admin]) {
      const res = await as(session, { method: 'GET', url: `/api/rubrics/${id}` });
      expect(res.statusCode).toBe(404);
    }
  });

  it('shows a rubric a homework uses to the course’s teaching team and administrators, read-only', async () => {
    const id = await createRubric();
    await homework({ rubric_id: id }, { published: false });
    for (const session of [assistant, admin]) {
      const res = await as(session, { method: 'GET', url: `/api/rubrics/${id}` });
      expect(res.statusCode).toBe(200);
      expect(res.json().can_edit).toBe(false);
    }
    expect((await as(outsider, { method: 'GET', url: `/api/rubrics/${id}` })).statusCode).toBe(404);
  });

  it('shows students a published homework’s rubric only while it is visible to them', async () => {
    const draft = await createRubric();
    await homework({ rubric_id: draft }, { published: false });
    const hidden = await createRubric();
    await homework({ rubric_id: hidden, rubric_visible_type: 'invisible' });
    const later = await createRubric();
    await homework({
      rubric_id: later,
      rubric_visible_type: 'custom_time',
      rubric_visible_time: new Date(Date.now() + 86_400_000).toISOString(),
    });
    const past = await createRubric();
    await homework({
      intra_rubric_id: past,
      intra_rubric_visible_type: 'custom_time',
      intra_rubric_visible_time: new Date(Date.now() - 60_000).toISOString(),
    });
    const visible = await createRubric();
    await homework({ rubric_id: visible });

    const status = async (id: number) =>
      (await as(student, { method: 'GET', url: `/api/rubrics/${id}` })).statusCode;
    expect(await status(draft)).toBe(404);
    expect(await status(hidden)).toBe(404);
    expect(await status(later)).toBe(404);
    expect(await status(past)).toBe(200);
    expect(await status(visible)).toBe(200);
    expect((await as(outsider, { method: 'GET', url: `/api/rubrics/${visible}` })).statusCode).toBe(404);
  });

  it('never shows a rubric of another organisation', async () => {
    const id = await createRubric(foreignTeacher);
    expect((await as(admin, { method: 'GET', url: `/api/rubrics/${id}` })).statusCode).toBe(404);
  });
});

describe('changing rubrics', () => {
  it('lets the creator replace a rubric no homework uses, scores included', async () => {
    const id = await createRubric();
    const body = input({ name: 'Renamed' });
    body.conditions.pop();
    body.conditions[0]!.levels[0]!.score = 20;
    const res = await as(teacher, { method: 'PUT', url: `/api/rubrics/${id}`, payload: body });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Renamed', total: 20 });
    expect(res.json().conditions).toHaveLength(1);
  });

  it('validates a replacement like a new rubric', async () => {
    const id = await createRubric();
    const body = input();
    body.conditions[1]!.levels[0]!.description = '';
    const res = await as(teacher, { method: 'PUT', url: `/api/rubrics/${id}`, payload: body });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      'conditions.1.levels.0.description': ['Enter a rating description.'],
    });
  });

  it('lets only the creator change it: others who can see it are refused, others not told it exists', async () => {
    const id = await createRubric();
    await homework({ rubric_id: id });
    const seen = await as(assistant, { method: 'PUT', url: `/api/rubrics/${id}`, payload: input() });
    expect(seen.statusCode).toBe(403);
    expect(seen.json().message).toBe('Only the creator of a rubric can change or delete it.');
    expect((await as(admin, { method: 'PUT', url: `/api/rubrics/${id}`, payload: input() })).statusCode).toBe(
      403,
    );
    expect(
      (await as(outsider, { method: 'PUT', url: `/api/rubrics/${id}`, payload: input() })).statusCode,
    ).toBe(404);
    expect(
      (await as(simulating, { method: 'PUT', url: `/api/rubrics/${id}`, payload: input() })).statusCode,
    ).toBe(403);
  });

  it('keeps a used rubric’s scoring: wording may change, criteria, ratings and scores may not', async () => {
    const id = await createRubric();
    await homework({ rubric_id: id });

    const reworded = input({ name: 'Reworded' });
    reworded.conditions[0]!.description = 'Sharper wording';
    reworded.conditions[1]!.levels[0]!.description = 'Clear';
    const ok = await as(teacher, { method: 'PUT', url: `/api/rubrics/${id}`, payload: reworded });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ name: 'Reworded', total: 15.5, engage_number: 1 });

    const rescored = input();
    rescored.conditions[0]!.levels[0]!.score = 9;
    const fewer = input();
    fewer.conditions.pop();
    const moreLevels = input();
    moreLevels.conditions[1]!.levels.push({ score: 1, description: 'Poor' });
    for (const body of [rescored, fewer, moreLevels]) {
      const res = await as(teacher, { method: 'PUT', url: `/api/rubrics/${id}`, payload: body });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toMatch(/^1 homework\(s\) use this rubric/);
    }
    const [row] = await t.db.select().from(rubrics).where(eq(rubrics.id, id));
    expect(row?.name).toBe('Reworded');
    expect(row?.conditions[0]?.levels[0]?.score).toBe(10);
  });
});

describe('deleting rubrics', () => {
  it('deletes an unused rubric for its creator only', async () => {
    const id = await createRubric();
    expect((await as(assistant, { method: 'DELETE', url: `/api/rubrics/${id}` })).statusCode).toBe(404);
    const res = await as(teacher, { method: 'DELETE', url: `/api/rubrics/${id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'The rubric was deleted.' });
    expect(await t.db.select().from(rubrics).where(eq(rubrics.id, id))).toEqual([]);
    expect((await as(teacher, { method: 'GET', url: `/api/rubrics/${id}` })).statusCode).toBe(404);
  });

  it('refuses to delete a rubric a homework uses', async () => {
    const id = await createRubric();
    await homework({ intra_rubric_id: id });
    const res = await as(teacher, { method: 'DELETE', url: `/api/rubrics/${id}` });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('1 homework(s) use this rubric, so it cannot be deleted.');
    expect(await t.db.select().from(rubrics).where(eq(rubrics.id, id))).toHaveLength(1);
  });
});

describe('attaching a rubric to a homework (rubricsService.holdForUse)', () => {
  const service = () => rubricsService({ config: t.config, db: t.db, storage: t.storage, log: t.app.log });
  const actorOf = async (session: Session): Promise<Actor> => {
    const [user] = await t.db.select().from(users).where(eq(users.id, session.userId));
    return {
      userId: session.userId,
      orgId: user!.orgId,
      orgRole: user!.orgRole as 'admin' | 'member',
      sessionId: 'test',
      simulatingCourseId: null,
      locale: 'en-US',
    };
  };

  it('holds the creator’s rubric, and one a homework the caller teaches already uses, not students’', async () => {
    // Actors are read first: PGlite has one connection, which the transaction holds.
    const [asTeacher, asAssistant, asStudent] = await Promise.all([teacher, assistant, student].map(actorOf));
    const id = await createRubric();
    const held = await t.db.transaction(async (tx) => service().holdForUse(asTeacher!, id, tx));
    expect(held).toMatchObject({ id, engage_number: 0, can_edit: true });

    await expect(
      t.db.transaction(async (tx) => service().holdForUse(asAssistant!, id, tx)),
    ).rejects.toMatchObject({ code: 'not_found' });
    await homework({ rubric_id: id });
    const reused = await t.db.transaction(async (tx) => service().holdForUse(asAssistant!, id, tx));
    expect(reused).toMatchObject({ id, engage_number: 1, can_edit: false });
    await expect(
      t.db.transaction(async (tx) => service().holdForUse(asStudent!, id, tx)),
    ).rejects.toMatchObject({ code: 'not_found' });
  });

  // PGlite runs one statement at a time, so the race needs a server with a second connection.
  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    'makes a concurrent delete wait for the homework that is attaching the rubric, then refuse',
    async () => {
      const asTeacher = await actorOf(teacher);
      const id = await createRubric();
      let deleting: ReturnType<typeof as> | undefined;
      await t.db.transaction(async (tx) => {
        await service().holdForUse(asTeacher, id, tx);
        deleting = as(teacher, { method: 'DELETE', url: `/api/rubrics/${id}` });
        await new Promise((resolve) => setTimeout(resolve, 150));
        await tx.insert(activities).values({
          courseId,
          moduleId,
          createdBy: teacherId,
          type: 'homework',
          title: 'Attached',
          data: { rubric_id: id },
        });
      });
      const res = await deleting!;
      expect(res.statusCode).toBe(409);
      expect(await t.db.select().from(rubrics).where(eq(rubrics.id, id))).toHaveLength(1);
    },
  );
});
