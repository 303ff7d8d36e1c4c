import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { activities, activityReads } from '../../db/schema/activities.ts';
import { examPaperInstances } from '../../db/schema/exam-submissions.ts';
import { subjects } from '../../db/schema/exams.ts';
import { orgs } from '../../db/schema/identity.ts';
import {
  addMember,
  createActivity,
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
let teacher: { id: number; name: string };
let courseId: number;
let moduleId: number;
let teacherSession: Session;
let studentSession: Session;
let simulatingSession: Session;
let outsiderSession: Session;

const HOUR = 3600_000;
const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

beforeAll(async () => {
  t = await createTestApp();
  orgId = (await createOrg(t)).id;
  teacher = await createUser(t, orgId, { name: 'Teacher Tao' });
  const student = await createUser(t, orgId, { name: 'Student Su' });
  const outsider = await createUser(t, orgId);
  const course = await createCourse(t, orgId, teacher.id);
  courseId = course.id;
  await addMember(t, courseId, student.id, ['student']);
  moduleId = (await createModule(t, courseId, { name: 'Week 1', sort: 1 })).id;
  teacherSession = await loginAs(t, teacher);
  studentSession = await loginAs(t, student);
  simulatingSession = await loginAs(t, teacher, { simulatingCourseId: courseId });
  outsiderSession = await loginAs(t, outsider);
});
afterAll(async () => t.close());

type Call = { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: object };
const as = (session: Session, call: Call) => t.app.inject({ ...call, headers: session.headers });
const create = (session: Session, payload: object, course = courseId) =>
  as(session, { method: 'POST', url: `/api/courses/${course}/activities`, payload });

describe('creating activities', () => {
  it('lets the teaching team create one, answered with the derived wire fields', async () => {
    const res = await create(teacherSession, {
      type: 'material',
      module_id: moduleId,
      title: 'Reading list',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      course_id: courseId,
      module_id: moduleId,
      module_name: 'Week 1',
      syllabus_id: null,
      syllabus_summary: null,
      type: 'material',
      title: 'Reading list',
      published: false,
      status: 'inProgress',
      is_started: true,
      is_closed: false,
      completion_criterion: 'view',
      completion_criterion_key: 'view',
      completion_criterion_value: null,
      created_by: { id: teacher.id, name: 'Teacher Tao' },
      uploads: [],
      can_edit: true,
      read: false,
    });
  });

  it('puts a new activity at the end of its module unless a sort is given', async () => {
    const module = await createModule(t, courseId);
    const first = await create(teacherSession, { type: 'page', module_id: module.id, title: 'One' });
    const second = await create(teacherSession, { type: 'page', module_id: module.id, title: 'Two' });
    expect(second.json().sort).toBe(first.json().sort + 1);
    const placed = await create(teacherSession, {
      type: 'page',
      module_id: module.id,
      title: 'Zero',
      sort: 0,
    });
    expect(placed.json().sort).toBe(0);
  });

  it('keeps the syllabus of the module and its summary', async () => {
    const syllabus = await createSyllabus(t, courseId, moduleId, { summary: 'Intro' });
    const res = await create(teacherSession, {
      type: 'page',
      module_id: moduleId,
      syllabus_id: syllabus.id,
      title: 'Intro page',
      data: { content: '<p>hi</p>' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ syllabus_id: syllabus.id, syllabus_summary: 'Intro' });
  });

  it('refuses students with 403', async () => {
    const res = await create(studentSession, { type: 'material', module_id: moduleId, title: 'Nope' });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('forbidden');
  });

  it('refuses a simulating instructor with simulating_read_only', async () => {
    const res = await create(simulatingSession, { type: 'material', module_id: moduleId, title: 'Nope' });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('simulating_read_only');
  });

  it('reports each bad field under its own name', async () => {
    const empty = await create(teacherSession, { type: 'material', module_id: moduleId, title: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors.title).toEqual(['Enter a title.']);
    const bare = await create(teacherSession, { type: 'material' });
    expect(bare.json().errors).toMatchObject({ title: ['Enter a title.'], module_id: ['Choose a module.'] });

    const otherCourse = await createCourse(t, orgId, teacher.id);
    const foreignModule = await createModule(t, otherCourse.id);
    const res = await create(teacherSession, {
      type: 'online_video',
      module_id: foreignModule.id,
      title: 'Lecture',
      start_time: iso(2 * HOUR),
      end_time: iso(HOUR),
      completion_criterion_key: 'completeness',
      completion_criterion_value: 0,
    });
    expect(res.statusCode).toBe(400);
    const errors = res.json().errors as Record<string, string[]>;
    expect(errors.module_id).toEqual(['The chosen module does not belong to this course.']);
    expect(errors.end_time).toEqual(['The end time must be after the start time.']);
    expect(errors.completion_criterion_value).toEqual(['The completion value must be between 1 and 100.']);
    expect(await t.db.select().from(activities).where(eq(activities.title, 'Lecture'))).toHaveLength(0);
  });

  it('refuses a syllabus of another module', async () => {
    const other = await createModule(t, courseId);
    const syllabus = await createSyllabus(t, courseId, other.id);
    const res = await create(teacherSession, {
      type: 'page',
      module_id: moduleId,
      syllabus_id: syllabus.id,
      title: 'Misplaced',
    });
    expect(res.json().errors.syllabus_id).toEqual(['The chosen section does not belong to this module.']);
  });

  it('refuses an unknown type and type data that does not fit, on data.<path>', async () => {
    const unknown = await create(teacherSession, { type: 'hologram', module_id: moduleId, title: 'X' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors.type).toEqual(['Activity type "hologram" is not supported.']);
    const badLink = await create(teacherSession, {
      type: 'web_link',
      module_id: moduleId,
      title: 'Link',
      data: { url: 'not a url' },
    });
    expect(badLink.json().errors['data.url']).toEqual(['Enter a valid web address.']);
  });

  it('refuses links that are not http(s), such as javascript: URLs', async () => {
    const res = await create(teacherSession, {
      type: 'web_link',
      module_id: moduleId,
      title: 'Sneaky',
      data: { url: 'javascript:alert(document.cookie)' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors['data.url']).toEqual(['Enter a valid web address.']);
  });

  it('stores page content and descriptions sanitised with the allowlist', async () => {
    const res = await create(teacherSession, {
      type: 'page',
      module_id: moduleId,
      title: 'Syllabus page',
      data: {
        content: '<p onclick="steal()">Week <strong>1</strong></p><script>steal()</script>',
        description:
          '<a href="javascript:steal()">x</a><img src="https://lectern.edu/a.png" onerror="steal()">',
      },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      content: '<p>Week <strong>1</strong></p>',
      description: '<a>x</a><img src="https://lectern.edu/a.png" />',
    });
    const stored = await as(teacherSession, { method: 'GET', url: `/api/activities/${res.json().id}` });
    expect(stored.json().data.content).toBe('<p>Week <strong>1</strong></p>');
  });

  it('refuses a criterion the type does not offer and a missing value', async () => {
    const wrong = await create(teacherSession, {
      type: 'material',
      module_id: moduleId,
      title: 'Slides',
      completion_criterion_key: 'score',
    });
    expect(wrong.json().errors.completion_criterion_key).toEqual([
      'This completion criterion is not available for this activity. Available: None / Viewed.',
    ]);
    const cleared = await create(teacherSession, {
      type: 'homework',
      module_id: moduleId,
      title: 'Essay',
      completion_criterion_key: 'score',
      completion_criterion_value: null,
    });
    expect(cleared.json().errors.completion_criterion_value).toEqual([
      'Enter a value for the completion criterion.',
    ]);
  });

  it('takes the criterion as the spec forms send it, in completion_criterion', async () => {
    const base = { type: 'homework', module_id: moduleId, title: 'Lab report' };
    // The criteria input's selected value: the criterion named by its catalogue id (score is 4).
    const selected = await create(teacherSession, {
      ...base,
      completion_criterion: { id: 4, activity_completion_criterion_type_id: 4, value: 75 },
    });
    expect(selected.statusCode).toBe(201);
    expect(selected.json()).toMatchObject({
      completion_criterion_key: 'score',
      completion_criterion_value: 75,
    });

    const byKey = await create(teacherSession, { ...base, completion_criterion: 'none' });
    expect(byKey.json()).toMatchObject({
      completion_criterion_key: 'none',
      completion_criterion_value: null,
    });

    const updated = await as(teacherSession, {
      method: 'PUT',
      url: `/api/activities/${byKey.json().id}`,
      payload: { completion_criterion: { activity_completion_criterion_type_id: 5 } },
    });
    expect(updated.json()).toMatchObject({ completion_criterion_key: 'submitted' });

    const refused = await create(teacherSession, {
      ...base,
      completion_criterion: { activity_completion_criterion_type_id: 2 },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors.completion_criterion).toEqual([
      'This completion criterion is not available for this activity. Available: None / Submitted / Score reached.',
    ]);
    const outOfRange = await create(teacherSession, {
      ...base,
      completion_criterion: { id: 4, value: 120 },
    });
    expect(Object.keys(outOfRange.json().errors)).toEqual(['completion_criterion']);
  });

  it('allows h5 courseware completeness only when the organisation enables it', async () => {
    const payload = {
      type: 'h5_courseware',
      module_id: moduleId,
      title: 'Courseware',
      completion_criterion_key: 'completeness',
      completion_criterion_value: 90,
    };
    const refused = await create(teacherSession, payload);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors.completion_criterion_key).toHaveLength(1);

    await t.db
      .update(orgs)
      .set({ settings: { h5_courseware_completeness: true } })
      .where(eq(orgs.id, orgId));
    try {
      const accepted = await create(teacherSession, payload);
      expect(accepted.statusCode).toBe(201);
      expect(accepted.json()).toMatchObject({
        completion_criterion: 'completeness',
        completion_criterion_value: 90,
      });
      const byDefault = await create(teacherSession, { ...payload, completion_criterion_key: undefined });
      expect(byDefault.json()).toMatchObject({
        completion_criterion: 'completeness',
        completion_criterion_value: 90,
      });
    } finally {
      await t.db.update(orgs).set({ settings: {} }).where(eq(orgs.id, orgId));
    }
  });

  it('answers in the caller language', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/courses/${courseId}/activities`,
      headers: { ...teacherSession.headers, 'accept-language': 'zh-CN' },
      payload: { type: 'material', module_id: moduleId, title: '' },
    });
    expect(res.json().errors.title).toEqual(['请输入标题']);
  });
});

describe('derived status', () => {
  it('derives not started, in progress and expired from the times, the last sub-meeting outranking the end', async () => {
    const future = await createActivity(t, {
      courseId,
      moduleId,
      createdBy: teacher.id,
      startTime: new Date(Date.now() + HOUR),
      endTime: new Date(Date.now() + 2 * HOUR),
    });
    const past = await createActivity(t, {
      courseId,
      moduleId,
      createdBy: teacher.id,
      startTime: new Date(Date.now() - 2 * HOUR),
      endTime: new Date(Date.now() - HOUR),
    });
    const recurring = await createActivity(t, {
      courseId,
      moduleId,
      createdBy: teacher.id,
      type: 'tencent_meeting',
      startTime: new Date(Date.now() - 2 * HOUR),
      endTime: new Date(Date.now() - HOUR),
      data: { last_sub_meeting_end_time: iso(HOUR) },
    });
    const get = async (id: number) =>
      (await as(studentSession, { method: 'GET', url: `/api/activities/${id}` })).json();
    expect(await get(future.id)).toMatchObject({ status: 'notStarted', is_started: false, is_closed: false });
    expect(await get(past.id)).toMatchObject({ status: 'expired', is_started: true, is_closed: true });
    expect(await get(recurring.id)).toMatchObject({
      status: 'inProgress',
      last_sub_meeting_end_time: expect.any(String),
    });
  });
});

describe('reading activities', () => {
  it('hides drafts from students (404, absent from lists) but not from the teaching team', async () => {
    const draft = await createActivity(t, { courseId, moduleId, createdBy: teacher.id, published: false });
    const published = await createActivity(t, { courseId, moduleId, createdBy: teacher.id });
    expect((await as(studentSession, { method: 'GET', url: `/api/activities/${draft.id}` })).statusCode).toBe(
      404,
    );
    const studentIds = (
      await as(studentSession, { method: 'GET', url: `/api/courses/${courseId}/activities` })
    )
      .json()
      .activities.map((a: { id: number }) => a.id);
    expect(studentIds).toContain(published.id);
    expect(studentIds).not.toContain(draft.id);

    const teacherView = await as(teacherSession, { method: 'GET', url: `/api/activities/${draft.id}` });
    expect(teacherView.statusCode).toBe(200);
    expect(teacherView.json().can_edit).toBe(true);
  });

  it('shows a simulating instructor the student view', async () => {
    const draft = await createActivity(t, { courseId, moduleId, createdBy: teacher.id, published: false });
    const published = await createActivity(t, { courseId, moduleId, createdBy: teacher.id });
    const list = await as(simulatingSession, { method: 'GET', url: `/api/courses/${courseId}/activities` });
    const listed = list.json().activities as { id: number; can_edit: boolean }[];
    expect(listed.map((a) => a.id)).not.toContain(draft.id);
    expect(listed.find((a) => a.id === published.id)?.can_edit).toBe(false);
    expect(
      (await as(simulatingSession, { method: 'GET', url: `/api/activities/${draft.id}` })).statusCode,
    ).toBe(404);
  });

  it('refuses people outside the course', async () => {
    const res = await as(outsiderSession, { method: 'GET', url: `/api/courses/${courseId}/activities` });
    expect(res.statusCode).toBe(403);
  });

  it('lists in module order, then sort, then id, and filters by module, syllabus and type', async () => {
    const course = await createCourse(t, orgId, teacher.id);
    const later = await createModule(t, course.id, { sort: 2 });
    const earlier = await createModule(t, course.id, { sort: 1 });
    const syllabus = await createSyllabus(t, course.id, later.id);
    const base = { courseId: course.id, createdBy: teacher.id };
    const a = await createActivity(t, { ...base, moduleId: later.id, sort: 0, syllabusId: syllabus.id });
    const b = await createActivity(t, { ...base, moduleId: earlier.id, sort: 5, type: 'page' });
    const c = await createActivity(t, { ...base, moduleId: earlier.id, sort: 1 });
    const d = await createActivity(t, { ...base, moduleId: earlier.id, sort: 1 });
    const ids = async (query = '') =>
      (await as(teacherSession, { method: 'GET', url: `/api/courses/${course.id}/activities${query}` }))
        .json()
        .activities.map((x: { id: number }) => x.id);
    expect(await ids()).toEqual([c.id, d.id, b.id, a.id]);
    expect(await ids(`?module_id=${later.id}`)).toEqual([a.id]);
    expect(await ids(`?syllabus_id=${syllabus.id}`)).toEqual([a.id]);
    expect(await ids('?type=page')).toEqual([b.id]);
  });
});

describe('updating and deleting', () => {
  it('applies a partial update and validates the merged state', async () => {
    const activity = await createActivity(t, {
      courseId,
      moduleId,
      createdBy: teacher.id,
      startTime: new Date(Date.now() + HOUR),
    });
    const renamed = await as(teacherSession, {
      method: 'PUT',
      url: `/api/activities/${activity.id}`,
      payload: { title: 'Renamed', published: false },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ title: 'Renamed', published: false, type: 'material' });

    const beforeStart = await as(teacherSession, {
      method: 'PUT',
      url: `/api/activities/${activity.id}`,
      payload: { end_time: iso(0) },
    });
    expect(beforeStart.statusCode).toBe(400);
    expect(Object.keys(beforeStart.json().errors)).toEqual(['end_time']);
  });

  it('moves an activity to another module, leaving its old syllabus behind', async () => {
    const syllabus = await createSyllabus(t, courseId, moduleId);
    const activity = await createActivity(t, {
      courseId,
      moduleId,
      createdBy: teacher.id,
      syllabusId: syllabus.id,
    });
    const target = await createModule(t, courseId, { name: 'Week 9' });
    const res = await as(teacherSession, {
      method: 'PUT',
      url: `/api/activities/${activity.id}`,
      payload: { module_id: target.id },
    });
    expect(res.json()).toMatchObject({ module_id: target.id, module_name: 'Week 9', syllabus_id: null });
  });

  it('refuses students and simulating instructors', async () => {
    const activity = await createActivity(t, { courseId, moduleId, createdBy: teacher.id });
    const put = { method: 'PUT' as const, url: `/api/activities/${activity.id}`, payload: { title: 'X' } };
    expect((await as(studentSession, put)).statusCode).toBe(403);
    const simulated = await as(simulatingSession, put);
    expect(simulated.statusCode).toBe(403);
    expect(simulated.json().code).toBe('simulating_read_only');
    const deleted = await as(simulatingSession, { method: 'DELETE', url: `/api/activities/${activity.id}` });
    expect(deleted.json().code).toBe('simulating_read_only');
  });

  it('moves it to the recycle bin with a localised message naming the days, after which it is gone', async () => {
    const activity = await createActivity(t, { courseId, moduleId, createdBy: teacher.id });
    const res = await as(teacherSession, { method: 'DELETE', url: `/api/activities/${activity.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: 'The activity is in the recycle bin; it can be restored for 30 days.',
    });
    expect(
      (await as(teacherSession, { method: 'GET', url: `/api/activities/${activity.id}` })).statusCode,
    ).toBe(404);
  });
});

describe('reads and dependents', () => {
  it('counts a student’s reads, marks the activity read, and reports it as having dependents', async () => {
    const activity = await createActivity(t, { courseId, moduleId, createdBy: teacher.id });
    const other = await createActivity(t, { courseId, moduleId, createdBy: teacher.id });
    const dependents = (session: Session) =>
      as(session, {
        method: 'GET',
        url: `/api/activities/have-dependents?activity_ids=${activity.id},${other.id}&activity_type=material`,
      });
    expect((await dependents(teacherSession)).json()).toEqual({
      has_dependents: false,
      activity_ids: [],
      recycle_bin_retention_days: 30,
    });

    const read = () =>
      as(studentSession, { method: 'POST', url: `/api/course/activities-read/${activity.id}` });
    const readOnce = { completeness: 'full', data: { completeness: 100, ranges: [], end: 0 } };
    expect((await read()).json()).toEqual({
      activity_id: activity.id,
      read_count: 1,
      recorded: true,
      ...readOnce,
    });
    expect((await read()).json()).toEqual({
      activity_id: activity.id,
      read_count: 2,
      recorded: true,
      ...readOnce,
    });
    const seen = await as(studentSession, { method: 'GET', url: `/api/activities/${activity.id}` });
    expect(seen.json().read).toBe(true);

    expect((await dependents(teacherSession)).json()).toEqual({
      has_dependents: true,
      activity_ids: [activity.id],
      recycle_bin_retention_days: 30,
    });
    expect((await dependents(studentSession)).statusCode).toBe(403);
  });

  it('reports forum posts and started exams as dependents', async () => {
    const forum = await createActivity(t, { courseId, moduleId, createdBy: teacher.id, type: 'forum' });
    const exam = await createActivity(t, { courseId, moduleId, createdBy: teacher.id, type: 'exam' });
    const dependents = async () =>
      (
        await as(teacherSession, {
          method: 'GET',
          url: `/api/activities/have-dependents?activity_ids=${forum.id},${exam.id}`,
        })
      ).json();
    expect(await dependents()).toEqual({
      has_dependents: false,
      activity_ids: [],
      recycle_bin_retention_days: 30,
    });

    const posted = await as(studentSession, {
      method: 'POST',
      url: `/api/activities/${forum.id}/comments`,
      payload: { content: 'A first thought' },
    });
    expect(posted.statusCode).toBe(201);
    await t.db.insert(examPaperInstances).values({ activityId: exam.id, userId: teacher.id, layout: [] });

    expect(await dependents()).toEqual({
      has_dependents: true,
      activity_ids: [forum.id, exam.id].sort((a, b) => a - b),
      recycle_bin_retention_days: 30,
    });
  });

  it('refuses an exam total below the points its questions already use', async () => {
    const exam = await createActivity(t, { courseId, moduleId, createdBy: teacher.id, type: 'exam' });
    await t.db.insert(subjects).values([
      { activityId: exam.id, type: 'short_answer', description: 'Why?', point: 30 },
      { activityId: exam.id, type: 'short_answer', description: 'How?', point: 20 },
    ]);
    const setTotal = (total_points: number) =>
      as(teacherSession, {
        method: 'PUT',
        url: `/api/activities/${exam.id}`,
        payload: { data: { total_points } },
      });

    const refused = await setTotal(40);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors['data.total_points']).toEqual([
      'The total cannot be less than the points the questions already use (50).',
    ]);
    const [stored] = await t.db.select().from(activities).where(eq(activities.id, exam.id));
    expect(stored?.data).toEqual({});

    const saved = await setTotal(50);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.total_points).toBe(50);
  });

  it('checks have-dependents input', async () => {
    const activity = await createActivity(t, { courseId, moduleId, createdBy: teacher.id });
    const wrongType = await as(teacherSession, {
      method: 'GET',
      url: `/api/activities/have-dependents?activity_ids=${activity.id}&activity_type=page`,
    });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().errors.activity_ids).toHaveLength(1);
    const missing = await as(teacherSession, {
      method: 'GET',
      url: '/api/activities/have-dependents?activity_ids=999999',
    });
    expect(missing.statusCode).toBe(404);
    const malformed = await as(teacherSession, {
      method: 'GET',
      url: '/api/activities/have-dependents?activity_ids=1,x',
    });
    expect(malformed.statusCode).toBe(400);
  });

  it('records nothing while simulating, and nothing for the teaching team', async () => {
    const activity = await createActivity(t, { courseId, moduleId, createdBy: teacher.id });
    const simulated = await as(simulatingSession, {
      method: 'POST',
      url: `/api/course/activities-read/${activity.id}`,
    });
    expect(simulated.statusCode).toBe(200);
    expect(simulated.json()).toEqual({
      activity_id: activity.id,
      read_count: 0,
      recorded: false,
      completeness: 'none',
      data: { completeness: 0, ranges: [], end: 0 },
    });
    const teaching = await as(teacherSession, {
      method: 'POST',
      url: `/api/course/activities-read/${activity.id}`,
    });
    expect(teaching.json().recorded).toBe(false);
    const rows = await t.db
      .select()
      .from(activityReads)
      .where(and(eq(activityReads.activityId, activity.id), eq(activityReads.userId, teacher.id)));
    expect(rows).toHaveLength(0);
  });

  it('does not let a student read a draft', async () => {
    const draft = await createActivity(t, { courseId, moduleId, createdBy: teacher.id, published: false });
    const res = await as(studentSession, { method: 'POST', url: `/api/course/activities-read/${draft.id}` });
    expect(res.statusCode).toBe(404);
  });
});

describe('completion criteria', () => {
  const criteria = async (type: string, locale = 'en-US') =>
    t.app.inject({
      method: 'GET',
      url: `/api/completion-criteria?activity_type=${type}&course_id=${courseId}`,
      headers: { ...teacherSession.headers, 'accept-language': locale },
    });

  it('lists the criteria of a type with localised descriptions and the default marked', async () => {
    const res = await criteria('material');
    expect(res.statusCode).toBe(200);
    expect(res.json().completion_criteria).toEqual([
      { id: 1, completion_criterion_type: 'none', description: 'None', value: null, is_default: false },
      { id: 2, completion_criterion_type: 'view', description: 'Viewed', value: null, is_default: true },
    ]);
    const zh = await criteria('material', 'zh-CN');
    expect(zh.json().completion_criteria[1].description).toBe('查看');
  });

  it('follows the organisation setting for h5 courseware', async () => {
    const types = async () =>
      (await criteria('h5_courseware'))
        .json()
        .completion_criteria.map((c: { completion_criterion_type: string }) => c.completion_criterion_type);
    expect(await types()).toEqual(['none', 'view']);
    await t.db
      .update(orgs)
      .set({ settings: { h5_courseware_completeness: true } })
      .where(eq(orgs.id, orgId));
    try {
      expect(await types()).toEqual(['none', 'completeness']);
    } finally {
      await t.db.update(orgs).set({ settings: {} }).where(eq(orgs.id, orgId));
    }
  });

  it('refuses an unknown activity type as a field error', async () => {
    const res = await criteria('hologram');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.activity_type).toEqual(['Activity type "hologram" is not supported.']);
  });
});
