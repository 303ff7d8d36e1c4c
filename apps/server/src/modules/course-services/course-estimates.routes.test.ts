import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { EstimatesResponseSchema } from '@lectern/contracts/course-services/course-estimates.schemas';
import { courseEstimates } from '../../db/schema/course-services.ts';
import {
  addMember,
  createCourse,
  createOrg,
  createUser,
  loginAs,
  type Session,
} from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let courseId: number;
let teacher: Session;
let assistant: Session;
let student: Session;
let classmate: Session;
let outsider: Session;
let simulating: Session;

beforeAll(async () => {
  t = await createTestApp();
  const orgId = (await createOrg(t)).id;
  const teacherUser = await createUser(t, orgId);
  const assistantUser = await createUser(t, orgId);
  const studentUser = await createUser(t, orgId, { name: 'Stu Dent' });
  const classmateUser = await createUser(t, orgId);
  const outsiderUser = await createUser(t, orgId);
  courseId = (await createCourse(t, orgId, teacherUser.id)).id;
  await addMember(t, courseId, assistantUser.id, ['instructor_assistant']);
  await addMember(t, courseId, studentUser.id, ['student']);
  await addMember(t, courseId, classmateUser.id, ['student']);
  teacher = await loginAs(t, teacherUser);
  assistant = await loginAs(t, assistantUser);
  student = await loginAs(t, studentUser);
  classmate = await loginAs(t, classmateUser);
  outsider = await loginAs(t, outsiderUser);
  simulating = await loginAs(t, teacherUser, { simulatingCourseId: courseId });
});
afterAll(async () => t.close());

const call = (session: Session, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: session.headers, ...(payload === undefined ? {} : { payload }) });
const list = async (session: Session) =>
  EstimatesResponseSchema.parse((await call(session, 'GET', `/api/course-estimates/${courseId}`)).json());

describe('course reviews', () => {
  let estimateId: number;
  let replyId: number;

  it('lets a student review the course once, with sanitised text', async () => {
    const before = await list(student);
    expect(before).toMatchObject({ total: 0, can_create: true, my_estimate: null, average_score: null });
    const res = await call(student, 'POST', '/api/course-estimate', {
      course_id: courseId,
      score: 4,
      content: 'Clear <img src=x onerror=alert(1)>lectures',
    });
    expect(res.statusCode).toBe(201);
    estimateId = res.json().estimate.id;
    expect(res.json().estimate).toMatchObject({
      score: 4,
      content: 'Clear lectures',
      created_by: { name: 'Stu Dent' },
      can_edit: true,
      can_delete: true,
    });

    const second = await call(student, 'POST', '/api/course-estimate', {
      course_id: courseId,
      score: 5,
      content: 'Again',
    });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe('You have already reviewed this course; you can edit your review.');
    const rows = await t.db
      .select()
      .from(courseEstimates)
      .where(and(eq(courseEstimates.courseId, courseId)));
    expect(rows).toHaveLength(1);

    const after = await list(student);
    expect(after).toMatchObject({
      total: 1,
      can_create: false,
      average_score: 4,
      score_counts: [0, 0, 0, 1, 0],
    });
    expect(after.my_estimate?.id).toBe(estimateId);
  });

  it('keeps one review per student when two posts race', async () => {
    const post = () =>
      call(classmate, 'POST', '/api/course-estimate', { course_id: courseId, score: 2, content: 'Hmm' });
    const codes = (await Promise.all([post(), post(), post()])).map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 409, 409]);
    const summary = await list(teacher);
    expect(summary).toMatchObject({ total: 2, average_score: 3, score_counts: [0, 1, 0, 1, 0] });
  });

  it('refuses reviews from the teaching team, simulation and outsiders, and bad scores', async () => {
    const body = { course_id: courseId, score: 5, content: 'Great' };
    expect((await call(teacher, 'POST', '/api/course-estimate', body)).statusCode).toBe(403);
    const sim = await call(simulating, 'POST', '/api/course-estimate', body);
    expect(sim.json().code).toBe('simulating_read_only');
    expect((await call(outsider, 'POST', '/api/course-estimate', body)).statusCode).toBe(403);
    expect((await call(outsider, 'GET', `/api/course-estimates/${courseId}`)).statusCode).toBe(403);
    for (const score of [0, 6, 3.5]) {
      const bad = await call(student, 'POST', '/api/course-estimate', { ...body, score });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors.score).toEqual(['The rating must be a whole number from 1 to 5.']);
    }
    const empty = await call(student, 'POST', '/api/course-estimate', { ...body, content: '<b></b>' });
    expect(empty.json().errors.content).toEqual(['Enter the content.']);
  });

  it('lets only the author edit, and shows edit rights per viewer', async () => {
    const edit = await call(student, 'PUT', `/api/course-estimates/${estimateId}`, {
      score: 5,
      content: 'Even better',
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.json().estimate).toMatchObject({ score: 5, content: 'Even better' });
    expect(
      (await call(classmate, 'PUT', `/api/course-estimates/${estimateId}`, { score: 1, content: 'x' }))
        .statusCode,
    ).toBe(403);
    expect(
      (await call(teacher, 'PUT', `/api/course-estimates/${estimateId}`, { score: 1, content: 'x' }))
        .statusCode,
    ).toBe(403);
    expect(
      (await call(outsider, 'PUT', `/api/course-estimates/${estimateId}`, { score: 1, content: 'x' }))
        .statusCode,
    ).toBe(404);
    const asTeacher = (await list(teacher)).estimates.find((e) => e.id === estimateId);
    expect(asTeacher).toMatchObject({ can_edit: false, can_delete: true });
    const asClassmate = (await list(classmate)).estimates.find((e) => e.id === estimateId);
    expect(asClassmate).toMatchObject({ can_edit: false, can_delete: false });
  });

  it('takes replies from members and lists them per review and per course', async () => {
    const res = await call(assistant, 'POST', '/api/course-estimate-reply', {
      estimate_id: estimateId,
      content: 'Thanks!',
    });
    expect(res.statusCode).toBe(201);
    replyId = res.json().reply.id;
    expect(
      (
        await call(classmate, 'POST', '/api/course-estimate-reply', {
          estimate_id: estimateId,
          content: 'Agreed',
        })
      ).statusCode,
    ).toBe(201);
    expect(
      (await call(outsider, 'POST', '/api/course-estimate-reply', { estimate_id: estimateId, content: 'Hi' }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await call(simulating, 'POST', '/api/course-estimate-reply', {
          estimate_id: estimateId,
          content: 'Hi',
        })
      ).statusCode,
    ).toBe(403);

    const replies = await call(student, 'GET', `/api/course-estimate-replies/${estimateId}`);
    expect(replies.json().replies.map((r: { content: string }) => r.content)).toEqual(['Thanks!', 'Agreed']);
    const byCourse = await call(student, 'GET', `/api/course-estimates-replies/${courseId}`);
    expect(Object.keys(byCourse.json().replies)).toEqual([String(estimateId)]);
    expect((await list(student)).my_estimate?.reply_count).toBe(2);
    expect((await call(outsider, 'GET', `/api/course-estimates-replies/${courseId}`)).statusCode).toBe(403);
  });

  it('lets the author or the teaching team remove replies, nobody else', async () => {
    expect((await call(student, 'PUT', `/api/course-estimate-reply/${replyId}/delete`)).statusCode).toBe(403);
    expect((await call(teacher, 'PUT', `/api/course-estimate-reply/${replyId}/delete`)).statusCode).toBe(200);
    expect((await call(teacher, 'PUT', `/api/course-estimate-reply/${replyId}/delete`)).statusCode).toBe(404);
    const replies = await call(student, 'GET', `/api/course-estimate-replies/${estimateId}`);
    expect(replies.json().replies.map((r: { content: string }) => r.content)).toEqual(['Agreed']);
  });

  it('lets instructors moderate a review away; the student may then write a new one', async () => {
    expect((await call(classmate, 'PUT', `/api/course-estimate/${estimateId}/delete`)).statusCode).toBe(403);
    expect((await call(simulating, 'PUT', `/api/course-estimate/${estimateId}/delete`)).statusCode).toBe(403);
    expect((await call(teacher, 'PUT', `/api/course-estimate/${estimateId}/delete`)).statusCode).toBe(200);
    const after = await list(student);
    expect(after).toMatchObject({ total: 1, my_estimate: null, can_create: true });
    expect((await call(student, 'GET', `/api/course-estimate-replies/${estimateId}`)).statusCode).toBe(404);
    const [kept] = await t.db.select().from(courseEstimates).where(eq(courseEstimates.id, estimateId));
    expect(kept?.deletedAt).not.toBeNull();
    expect(
      (await call(student, 'POST', '/api/course-estimate', { course_id: courseId, score: 3, content: 'Ok' }))
        .statusCode,
    ).toBe(201);
  });
});
