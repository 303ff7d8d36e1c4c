import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TodosResponseSchema, type Todo } from '@lectern/contracts/todos/todos.schemas';
import {
  addMember,
  createActivity,
  createCourse,
  createGroup,
  createGroupSet,
  createModule,
  createOrg,
  createUser,
  loginAs,
  type Session,
} from '../../test/factories.ts';
import { insertExamFinal, insertHomeworkSubmitter, insertRetake } from '../../test/grades-factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const HOUR = 3600_000;
const at = (hours: number) => new Date(Date.now() + hours * HOUR);

let t: TestApp;
let student: Session;
let classmate: Session;
let listed: Todo[];
const ids: Record<string, number> = {};
let courseAName: string;

beforeAll(async () => {
  t = await createTestApp();
  const orgId = (await createOrg(t)).id;
  const teacher = await createUser(t, orgId);
  const me = await createUser(t, orgId);
  const other = await createUser(t, orgId);
  const courseA = await createCourse(t, orgId, teacher.id, { name: 'Algebra' });
  courseAName = courseA.name;
  const courseB = await createCourse(t, orgId, teacher.id, { name: 'Biology' });
  // A course the user teaches: nothing of it is theirs to do.
  const taught = await createCourse(t, orgId, me.id, { name: 'Taught' });
  for (const c of [courseA, courseB]) {
    await addMember(t, c.id, me.id, ['student']);
    await addMember(t, c.id, other.id, ['student']);
  }
  const moduleA = (await createModule(t, courseA.id)).id;
  const moduleB = (await createModule(t, courseB.id)).id;
  const moduleT = (await createModule(t, taught.id)).id;
  const make = async (
    key: string,
    courseId: number,
    moduleId: number,
    values: Partial<Parameters<typeof createActivity>[1]> = {},
  ) => {
    ids[key] = (
      await createActivity(t, {
        courseId,
        moduleId,
        createdBy: teacher.id,
        type: 'homework',
        title: key,
        startTime: at(-24),
        endTime: at(48),
        ...values,
      })
    ).id;
    return ids[key];
  };

  await make('hwOpen', courseA.id, moduleA, { endTime: at(48) });
  const done = await make('hwDone', courseA.id, moduleA);
  await insertHomeworkSubmitter(t, { activityId: done, userId: me.id, status: 1, lastVersion: 1 });
  const redo = await make('hwRedo', courseA.id, moduleA, { endTime: at(72) });
  await insertHomeworkSubmitter(t, { activityId: redo, userId: me.id, status: 5, lastVersion: 1 });
  await make('hwPast', courseA.id, moduleA, { endTime: at(-1) });
  const makeUp = await make('hwMakeUp', courseB.id, moduleB, { endTime: at(-1) });
  await insertHomeworkSubmitter(t, {
    activityId: makeUp,
    userId: me.id,
    status: 4,
    lastVersion: 0,
    makeUpEndTime: at(5),
  });
  const othersMakeUp = await make('hwOthersMakeUp', courseB.id, moduleB, { endTime: at(-1) });
  await insertHomeworkSubmitter(t, { activityId: othersMakeUp, userId: other.id, makeUpEndTime: at(5) });
  await make('hwDraft', courseA.id, moduleA, { published: false });
  await make('hwNotStarted', courseA.id, moduleA, { startTime: at(24) });
  await make('hwNoDeadline', courseB.id, moduleB, { endTime: null });
  await make('hwTaught', taught.id, moduleT);

  const set = await createGroupSet(t, courseB.id);
  const group = await createGroup(t, set.id, { memberIds: [me.id, other.id] });
  const groupDone = await make('hwGroupDone', courseB.id, moduleB, { data: { group_set_id: set.id } });
  await insertHomeworkSubmitter(t, { activityId: groupDone, groupId: group.id, status: 1, lastVersion: 2 });
  await make('hwGroupOpen', courseB.id, moduleB, { data: { group_set_id: set.id }, endTime: at(30) });
  const otherSet = await createGroupSet(t, courseB.id);
  await make('hwNoGroup', courseB.id, moduleB, { data: { group_set_id: otherSet.id } });

  await make('examOpen', courseA.id, moduleA, { type: 'exam', endTime: at(3) });
  const examDone = await make('examDone', courseA.id, moduleA, { type: 'exam', data: { submit_times: 1 } });
  await insertExamFinal(t, { activityId: examDone, userId: me.id });
  const examRetake = await make('examRetake', courseA.id, moduleA, {
    type: 'exam',
    data: { submit_times: 1 },
    endTime: at(10),
  });
  await insertExamFinal(t, { activityId: examRetake, userId: me.id });
  await insertRetake(t, examRetake, me.id);
  const examDraft = await make('examDraftOnly', courseB.id, moduleB, {
    type: 'exam',
    data: { submit_times: 1 },
    endTime: at(20),
  });
  await insertExamFinal(t, { activityId: examDraft, userId: me.id, status: 'draft', marked: false });
  await make('examClosed', courseA.id, moduleA, { type: 'exam', endTime: at(-2) });
  await make('classroom', courseB.id, moduleB, { type: 'classroom_exam', endTime: at(1) });
  const groupExam = await make('examGroupDone', courseB.id, moduleB, {
    type: 'exam',
    data: { submit_times: 1, group_set_id: set.id },
  });
  // A group exam's attempts are the group's: a classmate's hand-in uses the attempt up.
  await insertExamFinal(t, { activityId: groupExam, userId: other.id, groupId: group.id });

  student = await loginAs(t, me);
  classmate = await loginAs(t, other);
  const res = await t.app.inject({ method: 'GET', url: '/api/todos', headers: student.headers });
  expect(res.statusCode).toBe(200);
  listed = TodosResponseSchema.parse(res.json()).todo_list;
});
afterAll(async () => t.close());

const titles = () => listed.map((todo) => todo.title);

describe('GET /api/todos', () => {
  it('lists open, unsubmitted homework and exams with attempts left across the student’s courses, soonest first', () => {
    expect(titles()).toEqual([
      'classroom',
      'examOpen',
      'hwMakeUp',
      'examRetake',
      'examDraftOnly',
      'hwGroupOpen',
      'hwOpen',
      'hwRedo',
      'hwNoDeadline',
    ]);
  });

  it('gives each item its course, type and deadline', () => {
    const open = listed.find((todo) => todo.title === 'hwOpen');
    expect(open).toMatchObject({ id: ids.hwOpen, course_name: courseAName, type: 'homework' });
    expect(listed.find((todo) => todo.title === 'classroom')?.type).toBe('classroom_exam');
    expect(listed.find((todo) => todo.title === 'examOpen')?.type).toBe('exam');
    expect(listed.find((todo) => todo.title === 'hwNoDeadline')?.end_time).toBeNull();
  });

  it('keeps homework past its deadline only inside the student’s own make-up window, which is its deadline', () => {
    const makeUp = listed.find((todo) => todo.title === 'hwMakeUp');
    expect(Math.abs(Date.parse(makeUp?.end_time ?? '') - at(5).getTime())).toBeLessThan(60_000);
    expect(titles()).not.toContain('hwPast');
    expect(titles()).not.toContain('hwOthersMakeUp');
  });

  it('leaves out what is handed in, unpublished, not started, closed, taught, or used up', () => {
    for (const title of [
      'hwDone',
      'hwDraft',
      'hwNotStarted',
      'hwTaught',
      'hwGroupDone',
      'hwNoGroup',
      'examDone',
      'examClosed',
      'examGroupDone',
    ]) {
      expect(titles()).not.toContain(title);
    }
  });

  it('is each student’s own: a classmate sees their own make-up and attempts, not this student’s', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/todos', headers: classmate.headers });
    const theirs = TodosResponseSchema.parse(res.json()).todo_list.map((todo) => todo.title);
    expect(theirs).toContain('hwOthersMakeUp');
    expect(theirs).toContain('examDone');
    expect(theirs).not.toContain('hwMakeUp');
    expect(theirs).not.toContain('examGroupDone');
  });

  it('needs a signed-in user', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/todos' })).statusCode).toBe(401);
  });
});
