import {
  StudentStatsResponseSchema,
  type StudentStatsResult,
} from '@lectern/contracts/course-services/student-stats.schemas';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityReads } from '../../db/schema/activities.ts';
import { homeworkSubmissions } from '../../db/schema/homework.ts';
import { questionnaireSubmissions } from '../../db/schema/questionnaires.ts';
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

let t: TestApp;
let teacher: Session;
let assistant: Session;
let student: Session;
let outsider: Session;
let otherTeacher: Session;
let admin: Session;
let foreignAdmin: Session;
let simulating: Session;
let optics: number;
let acoustics: number;
let botany: number;
let combined: number;
let lightSection: number;

const at = (iso: string) => new Date(iso);

beforeAll(async () => {
  t = await createTestApp();
  const orgId = (await createOrg(t)).id;
  const otherOrg = (await createOrg(t)).id;
  const teacherUser = await createUser(t, orgId);
  const assistantUser = await createUser(t, orgId);
  const ann = await createUser(t, orgId);
  const bob = await createUser(t, orgId);
  const cid = await createUser(t, orgId);
  const outsiderUser = await createUser(t, orgId);
  const otherTeacherUser = await createUser(t, orgId);
  optics = (await createCourse(t, orgId, teacherUser.id, { name: 'Optics' })).id;
  acoustics = (await createCourse(t, orgId, teacherUser.id, { name: 'Acoustics' })).id;
  botany = (await createCourse(t, orgId, otherTeacherUser.id, { name: 'Botany' })).id;
  await addMember(t, optics, assistantUser.id, ['instructor_assistant']);
  await addMember(t, optics, ann.id, ['student']);
  await addMember(t, optics, bob.id, ['student']);
  await addMember(t, acoustics, ann.id, ['student']);
  await addMember(t, acoustics, cid.id, ['student']);
  await addMember(t, botany, outsiderUser.id, ['student']);
  teacher = await loginAs(t, teacherUser);
  assistant = await loginAs(t, assistantUser);
  student = await loginAs(t, ann);
  outsider = await loginAs(t, outsiderUser);
  otherTeacher = await loginAs(t, otherTeacherUser);
  admin = await loginAs(t, await createUser(t, orgId, { orgRole: 'admin' }));
  foreignAdmin = await loginAs(t, await createUser(t, otherOrg, { orgRole: 'admin' }));
  simulating = await loginAs(t, teacherUser, { simulatingCourseId: optics });

  const opticsModule = (await createModule(t, optics)).id;
  const acousticsModule = (await createModule(t, acoustics)).id;
  const reading = (
    await createActivity(t, { courseId: optics, moduleId: opticsModule, createdBy: teacherUser.id })
  ).id;
  const video = (
    await createActivity(t, { courseId: optics, moduleId: opticsModule, createdBy: teacherUser.id })
  ).id;
  const homework = (
    await createActivity(t, {
      courseId: acoustics,
      moduleId: acousticsModule,
      createdBy: teacherUser.id,
      type: 'homework',
    })
  ).id;
  const survey = (
    await createActivity(t, {
      courseId: acoustics,
      moduleId: acousticsModule,
      createdBy: teacherUser.id,
      type: 'questionnaire',
    })
  ).id;
  await t.db.insert(activityReads).values([
    // 2026-03-01 in UTC; 2026-03-02 in Shanghai (UTC+8).
    { activityId: reading, userId: ann.id, firstReadAt: at('2026-03-01T20:00:00Z') },
    { activityId: video, userId: ann.id, firstReadAt: at('2026-03-01T21:00:00Z') },
    { activityId: reading, userId: bob.id, firstReadAt: at('2026-03-02T09:00:00Z') },
    // The teaching team's reads are not students'.
    { activityId: reading, userId: assistantUser.id, firstReadAt: at('2026-03-02T10:00:00Z') },
    // Outside the range.
    { activityId: video, userId: bob.id, firstReadAt: at('2026-02-20T10:00:00Z') },
  ]);
  await t.db.insert(homeworkSubmissions).values([
    {
      activityId: homework,
      userId: cid.id,
      version: 1,
      submittedAt: at('2026-03-02T11:00:00Z'),
      submittedBy: cid.id,
    },
    {
      activityId: homework,
      userId: cid.id,
      version: 2,
      submittedAt: at('2026-03-03T11:00:00Z'),
      submittedBy: cid.id,
    },
    // A draft is not handed in.
    {
      activityId: homework,
      userId: ann.id,
      version: 1,
      isDraft: true,
      submittedAt: at('2026-03-02T12:00:00Z'),
    },
  ]);
  await t.db
    .insert(questionnaireSubmissions)
    .values({ activityId: survey, userId: ann.id, answers: [], submittedAt: at('2026-03-02T13:00:00Z') });

  // A combined course: the students of its sub-courses are its members, and read and hand in there.
  const dan = await createUser(t, orgId);
  const eve = await createUser(t, orgId);
  lightSection = (await createCourse(t, orgId, teacherUser.id, { name: 'Light, section 1' })).id;
  const secondSection = (await createCourse(t, orgId, teacherUser.id, { name: 'Light, section 2' })).id;
  await addMember(t, lightSection, dan.id, ['student']);
  await addMember(t, secondSection, eve.id, ['student']);
  // Also a student of a sub-course, but an assistant in the combined course itself: their own row decides.
  await addMember(t, secondSection, assistantUser.id, ['student']);
  const combine = await t.app.inject({
    method: 'POST',
    url: '/api/combine-courses',
    headers: teacher.headers,
    payload: { title: 'Light (combined)', subCourseIds: [lightSection, secondSection] },
  });
  expect(combine.statusCode, combine.body).toBe(200);
  combined = combine.json<{ courseId: number }>().courseId;
  await addMember(t, combined, assistantUser.id, ['instructor_assistant']);
  const combinedModule = (await createModule(t, combined)).id;
  const lecture = (
    await createActivity(t, { courseId: combined, moduleId: combinedModule, createdBy: teacherUser.id })
  ).id;
  const essay = (
    await createActivity(t, {
      courseId: combined,
      moduleId: combinedModule,
      createdBy: teacherUser.id,
      type: 'homework',
    })
  ).id;
  await t.db.insert(activityReads).values([
    { activityId: lecture, userId: dan.id, firstReadAt: at('2026-03-01T08:00:00Z') },
    { activityId: lecture, userId: eve.id, firstReadAt: at('2026-03-02T08:00:00Z') },
    { activityId: lecture, userId: assistantUser.id, firstReadAt: at('2026-03-02T09:00:00Z') },
  ]);
  await t.db.insert(homeworkSubmissions).values({
    activityId: essay,
    userId: eve.id,
    version: 1,
    submittedAt: at('2026-03-03T08:00:00Z'),
    submittedBy: eve.id,
  });
});
afterAll(async () => t.close());

function stats(session: Session, params: Record<string, string>) {
  return t.app.inject({
    method: 'GET',
    url: `/api/courses/tpdoe/stat-students?${new URLSearchParams(params).toString()}`,
    headers: session.headers,
  });
}

async function result(session: Session, params: Record<string, string>): Promise<StudentStatsResult> {
  const res = await stats(session, params);
  expect(res.statusCode, res.body).toBe(200);
  return StudentStatsResponseSchema.parse(res.json()).result;
}

const both = () => ({
  course_ids: `${optics},${acoustics}`,
  start_date: '2026-03-01',
  end_date: '2026-03-03',
});

describe('GET /api/courses/tpdoe/stat-students', () => {
  it('counts active students per day across the courses, each student once', async () => {
    const r = await result(teacher, { ...both(), stat_type: 'active_students' });
    expect(r.days).toEqual([
      { date: '2026-03-01', value: 1 },
      { date: '2026-03-02', value: 3 },
      { date: '2026-03-03', value: 1 },
    ]);
    // Ann, Bob and Cid, though Ann is in both courses.
    expect(r.total).toBe(3);
    expect(r.student_count).toBe(3);
    expect(r.courses).toEqual([
      { course_id: optics, name: 'Optics', student_count: 2, value: 2 },
      { course_id: acoustics, name: 'Acoustics', student_count: 2, value: 2 },
    ]);
    expect(r.timezone).toBe('UTC');
  });

  it('counts visits and hand-ins, reading days in the asked time zone', async () => {
    const reads = await result(teacher, { ...both(), stat_type: 'reads' });
    expect(reads.days.map((d) => d.value)).toEqual([2, 1, 0]);
    expect(reads.total).toBe(3);
    const shanghai = await result(teacher, {
      ...both(),
      stat_type: 'reads',
      conditions: JSON.stringify({ timezone: 'Asia/Shanghai' }),
    });
    expect(shanghai.days.map((d) => d.value)).toEqual([0, 3, 0]);
    const submissions = await result(teacher, {
      ...both(),
      stat_type: 'submissions',
    });
    expect(submissions.days.map((d) => d.value)).toEqual([0, 2, 1]);
    expect(submissions.courses.map((c) => c.value)).toEqual([0, 3]);
  });

  it('counts each day a student comes back to an activity, not only the first, and a visit once', async () => {
    const orgId = (await createOrg(t)).id;
    const owner = await createUser(t, orgId);
    const learner = await createUser(t, orgId);
    const geology = (await createCourse(t, orgId, owner.id, { name: 'Geology' })).id;
    await addMember(t, geology, learner.id, ['student']);
    const lesson = (
      await createActivity(t, {
        courseId: geology,
        moduleId: (await createModule(t, geology)).id,
        createdBy: owner.id,
      })
    ).id;
    await t.db.insert(activityReads).values({
      activityId: lesson,
      userId: learner.id,
      firstReadAt: at('2026-03-01T08:00:00Z'),
      lastReadAt: at('2026-03-01T08:00:00Z'),
    });
    // Later reads as the read call stores them: a return two days on, then one ten minutes into that visit.
    for (const when of ['2026-03-03T08:00:00Z', '2026-03-03T08:10:00Z']) {
      await t.db
        .update(activityReads)
        .set({ lastReadAt: at(when), readCount: sql`${activityReads.readCount} + 1` })
        .where(eq(activityReads.activityId, lesson));
    }
    const owners = await loginAs(t, owner);
    const march = { course_ids: String(geology), start_date: '2026-03-01', end_date: '2026-03-03' };
    const reads = await result(owners, { ...march, stat_type: 'reads' });
    expect(reads.days.map((d) => d.value)).toEqual([1, 0, 1]);
    const active = await result(owners, { ...march, stat_type: 'active_students' });
    expect(active.days.map((d) => d.value)).toEqual([1, 0, 1]);

    // Through the read call itself: today's first read is a visit, a read straight after it is not.
    const learners = await loginAs(t, learner);
    for (let i = 0; i < 2; i += 1) {
      const read = await t.app.inject({
        method: 'POST',
        url: `/api/course/activities-read/${lesson}`,
        headers: learners.headers,
        payload: {},
      });
      expect(read.statusCode, read.body).toBe(200);
    }
    const today = new Date().toISOString().slice(0, 10);
    const now = await result(owners, {
      course_ids: String(geology),
      start_date: today,
      end_date: today,
      stat_type: 'reads',
    });
    expect(now.total).toBe(1);
  });

  it("counts a combined course's sub-course students as its students", async () => {
    const params = {
      course_ids: `${combined},${lightSection}`,
      start_date: '2026-03-01',
      end_date: '2026-03-03',
    };
    const active = await result(teacher, { ...params, stat_type: 'active_students' });
    // Dan and Eve, through their sections; the assistant's own row in the combined course decides.
    expect(active.courses).toEqual([
      { course_id: combined, name: 'Light (combined)', student_count: 2, value: 2 },
      { course_id: lightSection, name: 'Light, section 1', student_count: 1, value: 0 },
    ]);
    expect(active.days.map((d) => d.value)).toEqual([1, 1, 1]);
    // Dan is a student of both listed courses: counted once.
    expect(active.student_count).toBe(2);
    expect(active.total).toBe(2);
    const reads = await result(teacher, { ...params, stat_type: 'reads' });
    expect(reads.days.map((d) => d.value)).toEqual([1, 1, 0]);
    const submissions = await result(teacher, { ...params, stat_type: 'submissions' });
    expect(submissions.days.map((d) => d.value)).toEqual([0, 0, 1]);
  });

  it('is for the teaching team of every listed course and the administrator', async () => {
    expect((await stats(admin, { ...both() })).statusCode).toBe(200);
    expect((await stats(assistant, { ...both(), course_ids: String(optics) })).statusCode).toBe(200);
    // The assistant does not teach Acoustics: the whole request is refused.
    const mixed = await stats(assistant, both());
    expect(mixed.statusCode).toBe(403);
    expect(mixed.json()).toMatchObject({ code: 'forbidden' });
    for (const session of [student, outsider, otherTeacher, foreignAdmin, simulating]) {
      expect((await stats(session, both())).statusCode).toBe(403);
    }
    expect((await stats(teacher, { ...both(), course_ids: `${optics},${botany}` })).statusCode).toBe(403);
    expect((await stats(teacher, { ...both(), course_ids: '999999' })).statusCode).toBe(403);
    const anonymous = await t.app.inject({
      method: 'GET',
      url: `/api/courses/tpdoe/stat-students?${new URLSearchParams(both()).toString()}`,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses too many courses, reversed or too long ranges, unknown types and time zones', async () => {
    const fieldsOf = async (params: Record<string, string>) => {
      const res = await stats(teacher, params);
      expect(res.statusCode, res.body).toBe(400);
      return Object.keys(res.json<{ errors: Record<string, unknown> }>().errors);
    };
    const many = Array.from({ length: 51 }, (_, i) => i + 1).join(',');
    expect(await fieldsOf({ ...both(), course_ids: many })).toContain('course_ids');
    expect(await fieldsOf({ ...both(), course_ids: '' })).toContain('course_ids');
    expect(await fieldsOf({ ...both(), start_date: '2026-03-04' })).toContain('end_date');
    expect(await fieldsOf({ ...both(), start_date: '2025-01-01', end_date: '2026-01-02' })).toContain(
      'end_date',
    );
    expect(await fieldsOf({ ...both(), stat_type: 'everything' })).toContain('stat_type');
    expect(await fieldsOf({ ...both(), conditions: JSON.stringify({ timezone: 'Mars/Olympus' }) })).toContain(
      'conditions',
    );
    // 366 days is the longest range.
    const year = await result(teacher, { ...both(), start_date: '2025-03-04', end_date: '2026-03-04' });
    expect(year.days).toHaveLength(366);
  });
});
