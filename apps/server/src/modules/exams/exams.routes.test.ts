import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { activities } from '../../db/schema/activities.ts';
import { examMakeupUsers, subjects } from '../../db/schema/exams.ts';
import { examPaperInstances } from '../../db/schema/exam-submissions.ts';
import {
  EVERY_TYPE_POINTS,
  createAuthoringFixture,
  createExam,
  everyTypeInputs,
  insertSubjects,
  singleChoice,
} from '../../test/exams-factories.ts';
import { addMember, createCourse, createModule, createSyllabus, type Session } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let orgId: number;
let teacherId: number;
let studentIds: number[];
let assistantId: number;
let courseId: number;
let moduleId: number;
let teacher: Session;
let student: Session;
let simulating: Session;
let otherTeacher: Session;

const DAY = 86_400_000;
const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

beforeAll(async () => {
  t = await createTestApp();
  ({
    orgId,
    teacherId,
    studentIds,
    assistantId,
    courseId,
    moduleId,
    teacher,
    student,
    simulating,
    otherTeacher,
  } = await createAuthoringFixture(t, { studentCount: 3, moduleName: 'Week 1' }));
});
afterAll(async () => t.close());

type Call = { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: object };
const as = (session: Session, call: Call) => t.app.inject({ ...call, headers: session.headers });

describe('exams through the activities API', () => {
  it('creates an exam with its settings, defaults filled in', async () => {
    const res = await as(teacher, {
      method: 'POST',
      url: `/api/courses/${courseId}/activities`,
      payload: {
        type: 'exam',
        module_id: moduleId,
        title: 'Midterm',
        start_time: iso(0),
        end_time: iso(7 * DAY),
        data: { description: '<p>Bring a pen<script>x()</script></p>', submit_times: 2, score_rule: 'last' },
      },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      type: 'exam',
      title: 'Midterm',
      published: false,
      completion_criterion_key: 'submitted',
      data: {
        description: '<p>Bring a pen</p>',
        total_points: 100,
        submit_times: 2,
        score_rule: 'last',
        announce_answer_type: 'after_submit',
        announce_score_type: 'after_submit',
        random_subject_order: false,
        display_mode: 'all',
        has_make_up_user: false,
      },
    });
    const id = res.json().id;
    const exam = await as(teacher, { method: 'GET', url: `/api/exams/${id}` });
    expect(exam.statusCode).toBe(200);
    expect(exam.json()).toMatchObject({
      id,
      type: 'exam',
      title: 'Midterm',
      description: '<p>Bring a pen</p>',
      total_points: 100,
      submit_times: 2,
      score_rule: 'last',
      used_points: 0,
      subjects_count: 0,
      can_edit: true,
    });

    const published = await as(teacher, {
      method: 'PUT',
      url: `/api/activities/${id}`,
      payload: { published: true },
    });
    expect(published.json().published).toBe(true);
  });

  it('reports exam setting problems under data.<field>', async () => {
    const res = await as(teacher, {
      method: 'POST',
      url: `/api/courses/${courseId}/activities`,
      payload: {
        type: 'exam',
        module_id: moduleId,
        title: 'Final',
        data: { announce_answer_type: 'after_date', announce_score_type: 'after_date', submit_times: 0 },
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({
      'data.announce_answer_time': ['Choose when to release it.'],
      'data.announce_score_time': ['Choose when to release it.'],
      'data.submit_times': ['Attempts must be a whole number from 1 to 99.'],
    });
    const points = await as(teacher, {
      method: 'POST',
      url: `/api/courses/${courseId}/activities`,
      payload: { type: 'exam', module_id: moduleId, title: 'Final', data: { total_points: 0 } },
    });
    expect(points.json().errors['data.total_points']).toEqual([
      'Total points must be more than 0 and at most 1000.',
    ]);
    const dated = await as(teacher, {
      method: 'POST',
      url: `/api/courses/${courseId}/activities`,
      payload: {
        type: 'exam',
        module_id: moduleId,
        title: 'Final',
        data: { announce_answer_type: 'after_date', announce_answer_time: iso(10 * DAY) },
      },
    });
    expect(dated.statusCode).toBe(201);
  });

  it('refuses a student creating an exam', async () => {
    const res = await as(student, {
      method: 'POST',
      url: `/api/courses/${courseId}/activities`,
      payload: { type: 'exam', module_id: moduleId, title: 'Nope' },
    });
    expect(res.statusCode).toBe(403);
  });

  it('deleting the exam keeps its questions for the recycle bin and hides the exam', async () => {
    const exam = await createExam(t, { courseId, moduleId, createdBy: teacherId });
    await insertSubjects(t, { activityId: exam.id, isMakeup: false }, everyTypeInputs(), teacherId);
    const res = await as(teacher, { method: 'DELETE', url: `/api/activities/${exam.id}` });
    expect(res.statusCode).toBe(200);
    const [left] = await t.db.select({ n: count() }).from(subjects).where(eq(subjects.activityId, exam.id));
    expect(left?.n).toBeGreaterThan(0);
    expect((await as(teacher, { method: 'GET', url: `/api/exams/${exam.id}/subjects` })).statusCode).toBe(
      404,
    );
  });
});

describe('GET /api/courses/{id}/exams', () => {
  let courseOf: number;
  let moduleOf: number;
  beforeAll(async () => {
    courseOf = (await createCourse(t, orgId, teacherId)).id;
    await addMember(t, courseOf, studentIds[0]!, ['student']);
    moduleOf = (await createModule(t, courseOf)).id;
  });

  it('lists exams with the exam/group item defaults; students see published ones only', async () => {
    const syllabus = await createSyllabus(t, courseOf, moduleOf);
    const published = await createExam(t, {
      courseId: courseOf,
      moduleId: moduleOf,
      createdBy: teacherId,
      title: 'Quiz 1',
      data: { total_points: 50, submit_times: 3, group_set_id: 7, has_make_up_user: true },
    });
    await t.db.update(activities).set({ syllabusId: syllabus.id }).where(eq(activities.id, published.id));
    await insertSubjects(
      t,
      { activityId: published.id, isMakeup: false },
      [singleChoice(1), singleChoice(2)],
      teacherId,
    );
    await insertSubjects(t, { activityId: published.id, isMakeup: true }, [singleChoice(1)], teacherId);
    const draft = await createExam(t, {
      courseId: courseOf,
      moduleId: moduleOf,
      createdBy: teacherId,
      title: 'Draft',
      published: false,
    });
    await createExam(t, {
      courseId: courseOf,
      moduleId: moduleOf,
      createdBy: teacherId,
      type: 'classroom_exam',
    });

    const res = await as(teacher, { method: 'GET', url: `/api/courses/${courseOf}/exams` });
    expect(res.statusCode).toBe(200);
    const exams = res.json().exams;
    expect(exams.map((e: { id: number }) => e.id)).toEqual([published.id, draft.id]);
    expect(exams[0]).toEqual({
      id: published.id,
      type: 'exam',
      title: 'Quiz 1',
      module_id: moduleOf,
      syllabus_id: syllabus.id,
      start_time: null,
      end_time: null,
      published: true,
      group_set_id: 7,
      completion_criterion_key: 'submitted',
      completion_criterion_value: 0,
      has_make_up_user: true,
      total_points: 50,
      submit_times: 3,
      subjects_count: 2,
    });
    expect(exams[1]).toMatchObject({ group_set_id: null, has_make_up_user: false, total_points: 100 });

    const asStudent = await as(student, { method: 'GET', url: `/api/courses/${courseOf}/exams` });
    expect(asStudent.json().exams.map((e: { id: number }) => e.id)).toEqual([published.id]);
    const classroom = await as(teacher, {
      method: 'GET',
      url: `/api/courses/${courseOf}/exams?type=classroom_exam`,
    });
    expect(classroom.json().exams).toHaveLength(1);
    expect(
      (await as(otherTeacher, { method: 'GET', url: `/api/courses/${courseOf}/exams` })).statusCode,
    ).toBe(403);
  });
});

describe('GET /api/exams/{id}', () => {
  it('flattens every setting and reports what the papers hold', async () => {
    const exam = await createExam(t, {
      courseId,
      moduleId,
      createdBy: teacherId,
      title: 'Settings',
      data: {
        total_points: 80,
        announce_score_type: 'after_date',
        announce_score_time: '2030-01-01T08:00:00+08:00',
        random_option_order: true,
        display_mode: 'one_by_one',
      },
    });
    await insertSubjects(t, { activityId: exam.id, isMakeup: false }, everyTypeInputs(), teacherId);
    await insertSubjects(t, { activityId: exam.id, isMakeup: true }, [singleChoice(7)], teacherId);
    await t.db.insert(examPaperInstances).values({ activityId: exam.id, userId: studentIds[1]!, layout: [] });
    const res = await as(teacher, { method: 'GET', url: `/api/exams/${exam.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: exam.id,
      course_id: courseId,
      module_name: 'Week 1',
      total_points: 80,
      submit_times: 1,
      score_rule: 'highest',
      announce_answer_type: 'after_submit',
      announce_answer_time: null,
      announce_score_type: 'after_date',
      announce_score_time: '2030-01-01T00:00:00.000Z',
      random_subject_order: false,
      random_option_order: true,
      display_mode: 'one_by_one',
      group_set_id: null,
      has_make_up_user: false,
      completion_criterion_key: 'submitted',
      completion_criterion_value: 0,
      used_points: EVERY_TYPE_POINTS,
      makeup_used_points: 7,
      subjects_count: 9,
      makeup_subjects_count: 1,
      subjects_locked: true,
      makeup_subjects_locked: false,
      can_edit: true,
      created_by: { id: teacherId, name: 'Teacher Tao' },
    });
  });

  it('shows a published exam to students without edit rights, hides drafts and other activities', async () => {
    const exam = await createExam(t, { courseId, moduleId, createdBy: teacherId });
    const seen = await as(student, { method: 'GET', url: `/api/exams/${exam.id}` });
    expect(seen.statusCode).toBe(200);
    expect(seen.json().can_edit).toBe(false);
    expect((await as(simulating, { method: 'GET', url: `/api/exams/${exam.id}` })).json().can_edit).toBe(
      false,
    );
    const draft = await createExam(t, { courseId, moduleId, createdBy: teacherId, published: false });
    expect((await as(student, { method: 'GET', url: `/api/exams/${draft.id}` })).statusCode).toBe(404);
    const classroom = await createExam(t, {
      courseId,
      moduleId,
      createdBy: teacherId,
      type: 'classroom_exam',
    });
    expect((await as(teacher, { method: 'GET', url: `/api/exams/${classroom.id}` })).statusCode).toBe(404);
    const asClassroom = await as(teacher, { method: 'GET', url: `/api/classroom-exams/${classroom.id}` });
    expect(asClassroom.json()).toMatchObject({ type: 'classroom_exam', subjects_locked: false });
    const page = await as(teacher, {
      method: 'POST',
      url: `/api/courses/${courseId}/activities`,
      payload: { type: 'page', module_id: moduleId, title: 'Page' },
    });
    const notExam = await as(teacher, { method: 'GET', url: `/api/exams/${page.json().id}` });
    expect(notExam.statusCode).toBe(404);
    expect(notExam.json().message).toBe('This exam does not exist or has been deleted.');
    expect((await as(otherTeacher, { method: 'GET', url: `/api/exams/${exam.id}` })).statusCode).toBe(403);
  });
});

describe('make-up users', () => {
  it('sets and reads the students who take the make-up paper', async () => {
    const exam = await createExam(t, { courseId, moduleId, createdBy: teacherId });
    const url = `/api/exams/${exam.id}/makeup-users`;
    expect((await as(teacher, { method: 'GET', url })).json()).toEqual({ user_ids: [], users: [] });
    const res = await as(teacher, {
      method: 'PUT',
      url,
      payload: { user_ids: [studentIds[2], studentIds[0], studentIds[0]] },
    });
    expect(res.statusCode).toBe(200);
    expect([...res.json().user_ids].sort()).toEqual([studentIds[0], studentIds[2]].sort());
    expect(res.json().users[0]).toHaveProperty('user_no');
    const cleared = await as(teacher, { method: 'PUT', url, payload: { user_ids: [studentIds[1]] } });
    expect(cleared.json().user_ids).toEqual([studentIds[1]]);
  });

  it('takes only students of the course, and only from the teaching team', async () => {
    const exam = await createExam(t, { courseId, moduleId, createdBy: teacherId });
    const url = `/api/exams/${exam.id}/makeup-users`;
    const res = await as(teacher, {
      method: 'PUT',
      url,
      payload: { user_ids: [studentIds[0], assistantId] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.user_ids).toEqual([
      `Only students of this course can take the make-up exam (users ${assistantId}).`,
    ]);
    const [stored] = await t.db
      .select({ n: count() })
      .from(examMakeupUsers)
      .where(eq(examMakeupUsers.activityId, exam.id));
    expect(stored?.n).toBe(0);
    expect((await as(student, { method: 'PUT', url, payload: { user_ids: [] } })).statusCode).toBe(403);
    expect((await as(simulating, { method: 'PUT', url, payload: { user_ids: [] } })).statusCode).toBe(403);
    expect((await as(student, { method: 'GET', url })).statusCode).toBe(403);
  });
});

describe('GET /api/course/{id}/subjects', () => {
  let course: number;
  beforeAll(async () => {
    course = (await createCourse(t, orgId, teacherId)).id;
    await addMember(t, course, studentIds[0]!, ['student']);
    const module = await createModule(t, course, { name: 'Unit A' });
    const exam = await createExam(t, {
      courseId: course,
      moduleId: module.id,
      createdBy: teacherId,
      title: 'Exam A',
    });
    const classroom = await createExam(t, {
      courseId: course,
      moduleId: module.id,
      createdBy: teacherId,
      title: 'Class B',
      type: 'classroom_exam',
      published: false,
    });
    await insertSubjects(t, { activityId: exam.id, isMakeup: false }, everyTypeInputs(), teacherId);
    await insertSubjects(
      t,
      { activityId: classroom.id, isMakeup: false },
      [{ ...singleChoice(3, 'Hard one'), difficulty_level: 1 }],
      teacherId,
    );
  });

  it('pages the questions of the course’s exams as question summaries', async () => {
    const res = await as(teacher, {
      method: 'GET',
      url: `/api/course/${course}/subjects?page=1&page_size=4`,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ total: 10, page: 1, page_size: 4 });
    expect(body.items).toHaveLength(4);
    expect(body.items[0]).toEqual({
      id: body.items[0].subjectId,
      subjectId: body.items[0].subjectId,
      description: '<p>Hard one</p>',
      type: 'single_selection',
      difficultyLevel: 1,
      total: 3,
      activity: { title: 'Class B', moduleName: 'Unit A' },
      publishStatus: 'unpublished',
    });
    const page3 = await as(teacher, {
      method: 'GET',
      url: `/api/course/${course}/subjects?page=3&page_size=4`,
    });
    expect(page3.json().items).toHaveLength(2);
  });

  it('filters by keyword, type and difficulty', async () => {
    const cloze = await as(teacher, {
      method: 'GET',
      url: `/api/course/${course}/subjects?subject_type=cloze`,
    });
    expect(cloze.json().items).toEqual([
      expect.objectContaining({ type: 'cloze', total: 4, publishStatus: 'published' }),
    ]);
    const hard = await as(teacher, {
      method: 'GET',
      url: `/api/course/${course}/subjects?difficulty_level=1`,
    });
    expect(hard.json().total).toBe(1);
    const keyword = await as(teacher, {
      method: 'GET',
      url: `/api/course/${course}/subjects?keyword=recursion`,
    });
    expect(keyword.json().items.map((i: { type: string }) => i.type)).toEqual(['short_answer']);
    const bad = await as(teacher, {
      method: 'GET',
      url: `/api/course/${course}/subjects?difficulty_level=9`,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.difficulty_level).toEqual(['Difficulty must be none, hard, medium or easy.']);
  });

  it('is for the teaching team only', async () => {
    expect((await as(student, { method: 'GET', url: `/api/course/${course}/subjects` })).statusCode).toBe(
      403,
    );
    expect(
      (await as(otherTeacher, { method: 'GET', url: `/api/course/${course}/subjects` })).statusCode,
    ).toBe(403);
  });
});

describe('OpenAPI', () => {
  it('documents the authoring calls', async () => {
    const doc = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(doc.statusCode).toBe(200);
    const paths = Object.keys(doc.json().paths);
    for (const path of [
      '/api/exams/{id}/subjects',
      '/api/subject-libs',
      '/api/subject-libs/{id}/copy',
      '/api/course/{id}/subject-libs',
      '/api/courses/{id}/exams',
    ]) {
      expect(paths).toContain(path);
    }
  });
});
