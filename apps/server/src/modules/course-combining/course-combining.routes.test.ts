import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { COMBINED_COURSE_TYPE } from '@lectern/contracts/course-combining/course-combining.rules';
import { activities } from '../../db/schema/activities.ts';
import { courseSubCourses } from '../../db/schema/course-combining.ts';
import { courseMembers, courseModules, courses } from '../../db/schema/courses.ts';
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

let t: TestApp;
let orgId: number;
let ownerId: number;
let teacher: Session;
let teacherZh: Session;
let colleague: Session;
let studentA: Session;
let studentB: Session;
let outsider: Session;
let courseA: number;
let courseB: number;
let courseC: number;
let foreignCourse: number;

beforeAll(async () => {
  t = await createTestApp();
  orgId = (await createOrg(t)).id;
  const owner = await createUser(t, orgId);
  ownerId = owner.id;
  const other = await createUser(t, orgId);
  const a = await createUser(t, orgId);
  const b = await createUser(t, orgId);
  const stranger = await createUser(t, orgId);
  courseA = (await createCourse(t, orgId, owner.id, { name: 'Algebra A', courseCode: 'ALG-A' })).id;
  courseB = (await createCourse(t, orgId, owner.id, { name: 'Algebra B', courseCode: 'ALGEBRA-GROUP-B' })).id;
  courseC = (await createCourse(t, orgId, owner.id, { name: 'Algebra C' })).id;
  foreignCourse = (await createCourse(t, orgId, other.id, { name: 'Not mine' })).id;
  await addMember(t, courseA, a.id, ['student']);
  await addMember(t, courseB, b.id, ['student']);
  await addMember(t, foreignCourse, stranger.id, ['student']);
  teacher = await loginAs(t, owner);
  teacherZh = await loginAs(t, owner, { locale: 'zh-CN' });
  colleague = await loginAs(t, other);
  studentA = await loginAs(t, a);
  studentB = await loginAs(t, b);
  outsider = await loginAs(t, stranger);
});
afterAll(async () => t.close());

function call(session: Session, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: session.headers,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

async function combine(subCourseIds: number[], extra: Record<string, unknown> = {}) {
  const response = await call(teacher, 'POST', '/api/combine-courses', {
    title: 'Algebra (combined)',
    subCourseIds,
    ...extra,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ courseId: number }>().courseId;
}

describe('POST /api/combine-courses', () => {
  it('refuses fewer than two courses, with a localised field error', async () => {
    const response = await call(teacherZh, 'POST', '/api/combine-courses', {
      title: 'X',
      subCourseIds: [courseC],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.subCourseIds).toEqual(['请至少选择 2 门课程进行合并']);
  });

  it('refuses a course the caller does not teach and one that does not exist', async () => {
    const response = await call(teacher, 'POST', '/api/combine-courses', {
      title: 'X',
      subCourseIds: [courseC, foreignCourse, 999_999],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.subCourseIds).toEqual([
      'You do not teach “Not mine”, so you cannot combine it.',
      'Course 999999 does not exist.',
    ]);
  });

  it('refuses an empty title, an unknown preset and both kinds of cover', async () => {
    const empty = await call(teacher, 'POST', '/api/combine-courses', {
      title: '  ',
      subCourseIds: [courseA, courseB],
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors.title).toEqual(['Enter a name for the combined course.']);
    const preset = await call(teacher, 'POST', '/api/combine-courses', {
      title: 'X',
      subCourseIds: [courseA, courseB],
      courseCoverKey: 'gold',
    });
    expect(preset.statusCode).toBe(400);
    expect(preset.json().errors.courseCoverKey).toEqual(['The chosen preset cover does not exist.']);
    const both = await call(teacher, 'POST', '/api/combine-courses', {
      title: 'X',
      subCourseIds: [courseA, courseB],
      courseCoverKey: 'blue',
      courseCoverId: 1,
    });
    expect(both.statusCode).toBe(400);
    expect(both.json().errors.courseCoverId).toEqual([
      'Choose either a preset cover or an uploaded picture, not both.',
    ]);
  });

  it('refuses an uploaded cover that is not a jpg, jpeg, png or webp picture', async () => {
    const gif = await createUpload(t, orgId, ownerId, {
      bytes: Buffer.from('GIF89a'),
      name: 'cover.gif',
    });
    const response = await call(teacher, 'POST', '/api/combine-courses', {
      title: 'X',
      subCourseIds: [courseA, courseB],
      courseCoverId: gif.id,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.courseCoverId).toEqual([
      'A cover must be a jpg, jpeg, png or webp picture.',
    ]);
  });

  it('refuses students, who teach nowhere', async () => {
    const response = await call(studentA, 'POST', '/api/combine-courses', {
      title: 'X',
      subCourseIds: [courseA, courseB],
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('a combined course', () => {
  let parent: number;
  let moduleA: number;
  let syllabusA: number;
  let onlyB: number;
  let everyone: number;
  let leftover: number;
  let parentModule: number;

  beforeAll(async () => {
    moduleA = (await createModule(t, courseA, { name: 'Sets' })).id;
    syllabusA = (await createSyllabus(t, courseA, moduleA)).id;
    everyone = (
      await createActivity(t, { courseId: courseA, moduleId: moduleA, createdBy: ownerId, title: 'For all' })
    ).id;
    onlyB = (
      await createActivity(t, { courseId: courseA, moduleId: moduleA, createdBy: ownerId, title: 'For B' })
    ).id;
    const moduleB = (await createModule(t, courseB, { name: 'Loose ends' })).id;
    leftover = (
      await createActivity(t, { courseId: courseB, moduleId: moduleB, createdBy: ownerId, title: 'Left' })
    ).id;
    parent = await combine([courseA, courseB], { courseCoverKey: 'teal' });
  });

  it('is a private course of type 10 linking both, taught by the caller, with the preset cover', async () => {
    const [row] = await t.db.select().from(courses).where(eq(courses.id, parent));
    expect(row).toMatchObject({
      courseType: COMBINED_COURSE_TYPE,
      publicScope: 'private',
      name: 'Algebra (combined)',
      courseAttributes: { cover_key: 'teal' },
    });
    const links = await t.db
      .select()
      .from(courseSubCourses)
      .where(eq(courseSubCourses.parentCourseId, parent));
    expect(links.map((l) => l.subCourseId).sort()).toEqual([courseA, courseB].sort());
    const members = await t.db.select().from(courseMembers).where(eq(courseMembers.courseId, parent));
    expect(members).toEqual([expect.objectContaining({ userId: ownerId, roles: ['instructor'] })]);
  });

  it('refuses combining a course already combined, and a combined course itself', async () => {
    const again = await call(teacher, 'POST', '/api/combine-courses', {
      title: 'X',
      subCourseIds: [courseA, courseC],
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().errors.subCourseIds).toEqual(['“Algebra A” is already part of a combined course.']);
    const nested = await call(teacher, 'POST', '/api/combine-courses', {
      title: 'X',
      subCourseIds: [parent, courseC],
    });
    expect(nested.json().errors.subCourseIds).toEqual([
      '“Algebra (combined)” is a combined course and cannot be combined again.',
    ]);
  });

  it('lets students of every sub-course in, and nobody else', async () => {
    expect((await call(studentA, 'GET', `/api/courses/${parent}`)).statusCode).toBe(200);
    expect((await call(studentB, 'GET', `/api/courses/${parent}`)).statusCode).toBe(200);
    expect((await call(outsider, 'GET', `/api/courses/${parent}`)).statusCode).toBe(403);
    const me = await call(studentA, 'GET', `/api/courses/${parent}?fields=current_user_roles,can_manage`);
    expect(me.json()).toMatchObject({ current_user_roles: ['student'], can_manage: false });
  });

  it('lists the combinable courses with the combined course each belongs to', async () => {
    const response = await call(
      teacher,
      'GET',
      `/api/combine-courses?conditions=${encodeURIComponent('{"keyword":"algebra"}')}`,
    );
    expect(response.statusCode).toBe(200);
    const list = response.json<{ courses: { id: number; parent_course_id: number | null }[] }>().courses;
    expect(list.map((c) => [c.id, c.parent_course_id])).toEqual([
      [courseA, parent],
      [courseB, parent],
      [courseC, null],
    ]);
    expect((await call(studentA, 'GET', '/api/combine-courses')).json().courses).toEqual([]);
  });

  it('answers the sub-courses, with field selection', async () => {
    const all = await call(teacher, 'GET', `/api/combine-courses/${parent}/sub-courses`);
    expect(all.json().subCourses).toEqual([
      expect.objectContaining({ id: courseA, course_code: 'ALG-A', students_count: 1, merged: false }),
      expect.objectContaining({ id: courseB, students_count: 1 }),
    ]);
    const some = await call(teacher, 'GET', `/api/combine-courses/${parent}/sub-courses?fields=id,name`);
    expect(some.json().subCourses).toEqual([
      { id: courseA, name: 'Algebra A' },
      { id: courseB, name: 'Algebra B' },
    ]);
    expect((await call(studentA, 'GET', `/api/combine-courses/${parent}/sub-courses`)).statusCode).toBe(403);
  });

  it('merges chosen sections, then the remaining activities, then is confirmed', async () => {
    const before = await call(teacher, 'GET', `/api/combine-courses/${parent}/courses-to-merged`);
    expect(before.json()).toMatchObject({
      combined: false,
      modules: [],
      courses: [
        {
          id: courseA,
          modules: [
            {
              id: moduleA,
              name: 'Sets',
              syllabuses: [{ id: syllabusA }],
              activities: [{ id: everyone }, { id: onlyB }],
            },
          ],
        },
        { id: courseB, modules: [{ activities: [{ id: leftover, title: 'Left' }] }] },
      ],
    });

    const foreignModule = (await createModule(t, courseC)).id;
    const wrong = await call(teacher, 'POST', `/api/combine-courses/${parent}/combine-contents`, {
      course_id: courseA,
      module_ids: [foreignModule],
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors.module_ids).toEqual([
      `Section ${foreignModule} is not in the chosen sub-course.`,
    ]);
    const notSub = await call(teacher, 'POST', `/api/combine-courses/${parent}/combine-contents`, {
      course_id: courseC,
      module_ids: [foreignModule],
    });
    expect(notSub.json().errors.course_id).toEqual([
      `Course ${courseC} is not a sub-course of this combined course.`,
    ]);
    const none = await call(teacher, 'POST', `/api/combine-courses/${parent}/combine-contents`, {
      course_id: courseA,
      module_ids: [],
    });
    expect(none.json().errors.module_ids).toEqual(['Choose at least one section.']);

    const merged = await call(teacher, 'POST', `/api/combine-courses/${parent}/combine-contents`, {
      course_id: courseA,
      module_ids: [moduleA],
    });
    expect(merged.statusCode, merged.body).toBe(200);
    expect(merged.json()).toEqual({ course_id: courseA, module_ids: [moduleA], activity_count: 2 });
    const [moved] = await t.db.select().from(courseModules).where(eq(courseModules.id, moduleA));
    expect(moved?.courseId).toBe(parent);
    parentModule = moduleA;

    const outside = (
      await createActivity(t, { courseId: courseC, moduleId: foreignModule, createdBy: ownerId })
    ).id;
    const refused = await call(teacher, 'POST', `/api/courses/${parent}/assign-activity-to-module`, {
      activity_ids: [outside],
      module_id: parentModule,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors.activity_ids).toEqual([
      `Activity ${outside} is not in this combined course or its sub-courses.`,
    ]);
    const badModule = await call(teacher, 'POST', `/api/courses/${parent}/assign-activity-to-module`, {
      activity_ids: [leftover],
      module_id: foreignModule,
    });
    expect(badModule.json().errors.module_id).toEqual(['Choose a section of this combined course.']);
    const assigned = await call(teacher, 'POST', `/api/courses/${parent}/assign-activity-to-module`, {
      activity_ids: [leftover],
      module_id: parentModule,
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    const [row] = await t.db.select().from(activities).where(eq(activities.id, leftover));
    expect(row).toMatchObject({ courseId: parent, moduleId: parentModule });

    expect((await call(teacher, 'PUT', `/api/courses/inspect-child/${courseB}`)).json()).toEqual({
      course_id: courseB,
      inspected: true,
    });
    expect((await call(teacher, 'PUT', `/api/courses/${parent}/inspect`)).statusCode).toBe(200);
    const after = await call(teacher, 'GET', `/api/combine-courses/${parent}/courses-to-merged`);
    expect(after.json()).toMatchObject({
      combined: true,
      modules: [{ id: parentModule, name: 'Sets' }],
      courses: [
        { id: courseA, merged: true, modules: [] },
        { id: courseB, merged: true, inspected: true, modules: [{ activities: [] }] },
      ],
    });
  });

  it('shows an activity assigned to sub-course B to students of B only, and labels it for the team', async () => {
    const refused = await call(teacher, 'PUT', `/api/activities/${onlyB}/sub-courses`, {
      sub_course_ids: [courseC],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors.sub_course_ids).toEqual([
      `Course ${courseC} is not a sub-course of this combined course.`,
    ]);
    // Read once before assigning, so a cached list would be stale if the write did not restamp the course.
    const titles = async (session: Session) =>
      (await call(session, 'GET', `/api/courses/${parent}/activities`))
        .json<{ activities: { id: number }[] }>()
        .activities.map((a) => a.id);
    expect(await titles(studentA)).toContain(onlyB);
    const response = await call(teacher, 'PUT', `/api/activities/${onlyB}/sub-courses`, {
      sub_course_ids: [courseB],
    });
    expect(response.json()).toEqual({ activity_id: onlyB, sub_course_ids: [courseB] });

    expect(await titles(studentA)).toEqual(expect.not.arrayContaining([onlyB]));
    expect(await titles(studentA)).toContain(everyone);
    expect(await titles(studentB)).toContain(onlyB);
    expect(await titles(teacher)).toContain(onlyB);
    expect((await call(studentA, 'GET', `/api/activities/${onlyB}`)).statusCode).toBe(404);
    expect((await call(studentB, 'GET', `/api/activities/${onlyB}`)).statusCode).toBe(200);
    const simulating = await loginAs(t, { id: ownerId }, { simulatingCourseId: parent });
    expect(await titles(simulating)).toEqual(expect.not.arrayContaining([onlyB]));

    const team = await call(teacher, 'GET', `/api/courses/${parent}/sub-courses`);
    expect(team.json()).toMatchObject({
      combined: true,
      activity_assignments: [{ activity_id: onlyB, sub_course_ids: [courseB] }],
    });
    const learner = await call(studentA, 'GET', `/api/courses/${parent}/sub-courses`);
    expect(learner.json()).toMatchObject({ combined: true, activity_assignments: [] });
    expect(learner.json().sub_courses).toHaveLength(2);

    await call(teacher, 'PUT', `/api/activities/${onlyB}/sub-courses`, { sub_course_ids: [] });
    expect(await titles(studentA)).toContain(onlyB);
  });

  it('adds a course to an existing combined course through parentCourseId', async () => {
    const refused = await call(teacher, 'POST', '/api/combine-courses', {
      title: 'X',
      subCourseIds: [courseC],
      parentCourseId: courseA,
    });
    expect(refused.json().errors.parentCourseId).toEqual(['The target course is not a combined course.']);
    const response = await call(teacher, 'POST', '/api/combine-courses', {
      title: 'Algebra, all groups',
      subCourseIds: [courseC],
      parentCourseId: parent,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ courseId: parent });
    const links = await t.db
      .select()
      .from(courseSubCourses)
      .where(eq(courseSubCourses.parentCourseId, parent));
    expect(links).toHaveLength(3);
  });

  it('refuses the combine calls on an ordinary course and to outsiders', async () => {
    expect((await call(teacher, 'PUT', `/api/courses/${foreignCourse}/inspect`)).statusCode).toBe(403);
    const ordinary = (await createCourse(t, orgId, ownerId)).id;
    const inspect = await call(teacher, 'PUT', `/api/courses/${ordinary}/inspect`);
    expect(inspect.statusCode).toBe(409);
    expect(inspect.json().message).toBe('This course is not a combined course.');
    expect((await call(teacher, 'PUT', `/api/courses/inspect-child/${ordinary}`)).statusCode).toBe(409);
    expect((await call(teacher, 'GET', `/api/courses/${ordinary}/sub-courses`)).json()).toEqual({
      combined: false,
      sub_courses: [],
      activity_assignments: [],
    });
    expect(
      (await call(colleague, 'GET', `/api/combine-courses/${parent}/courses-to-merged`)).statusCode,
    ).toBe(403);
    expect(
      (
        await call(studentB, 'POST', `/api/combine-courses/${parent}/combine-contents`, {
          course_id: courseA,
          module_ids: [1],
        })
      ).statusCode,
    ).toBe(403);
    expect((await call(studentB, 'PUT', `/api/courses/${parent}/inspect`)).statusCode).toBe(403);
  });
});
