import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GradebookResponse } from '@lectern/contracts/gradebook/gradebook.schemas';
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
import { insertExamFinal, insertHomeworkSubmission } from '../../test/grades-factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

// A combined course's gradebook (issue 18): its students are its sub-courses' students, and its teaching
// team can split the table by sub-course.

let t: TestApp;
let courseA: number;
let courseB: number;
let other: number;
let parent: number;
let forAll: number;
let onlyB: number;
let plain: number;
const people = {} as Record<'ann' | 'ben' | 'cal', { id: number }>;
const sessions = {} as Record<'teacher' | 'ann' | 'ben', Session>;

beforeAll(async () => {
  t = await createTestApp();
  const orgId = (await createOrg(t)).id;
  const teacher = await createUser(t, orgId);
  people.ann = await createUser(t, orgId, { name: 'Ann', userNo: 'G1' });
  people.ben = await createUser(t, orgId, { name: 'Ben', userNo: 'G2' });
  people.cal = await createUser(t, orgId, { name: 'Cal', userNo: 'G3' });
  courseA = (await createCourse(t, orgId, teacher.id, { name: 'Chem A' })).id;
  courseB = (await createCourse(t, orgId, teacher.id, { name: 'Chem B' })).id;
  other = (await createCourse(t, orgId, teacher.id, { name: 'Chem elsewhere' })).id;
  await addMember(t, courseA, people.ann.id, ['student']);
  await addMember(t, courseB, people.ben.id, ['student']);
  await addMember(t, other, people.cal.id, ['student']);
  sessions.teacher = await loginAs(t, teacher);
  sessions.ann = await loginAs(t, people.ann);
  sessions.ben = await loginAs(t, people.ben);
  const combined = await t.app.inject({
    method: 'POST',
    url: '/api/combine-courses',
    headers: sessions.teacher.headers,
    payload: { title: 'Chem (combined)', subCourseIds: [courseA, courseB] },
  });
  expect(combined.statusCode, combined.body).toBe(200);
  parent = combined.json<{ courseId: number }>().courseId;
  const moduleId = (await createModule(t, parent)).id;
  forAll = (
    await createActivity(t, {
      courseId: parent,
      moduleId,
      createdBy: teacher.id,
      type: 'exam',
      data: { total_points: 10, announce_score_type: 'after_submit' },
    })
  ).id;
  onlyB = (
    await createActivity(t, {
      courseId: parent,
      moduleId,
      createdBy: teacher.id,
      type: 'homework',
      data: { announceScoreType: 2 },
    })
  ).id;
  const assigned = await t.app.inject({
    method: 'PUT',
    url: `/api/activities/${onlyB}/sub-courses`,
    headers: sessions.teacher.headers,
    payload: { sub_course_ids: [courseB] },
  });
  expect(assigned.statusCode, assigned.body).toBe(200);
  const otherModule = (await createModule(t, other)).id;
  plain = (
    await createActivity(t, {
      courseId: other,
      moduleId: otherModule,
      createdBy: teacher.id,
      type: 'exam',
      data: { total_points: 5 },
    })
  ).id;
  await insertExamFinal(t, { activityId: forAll, userId: people.ann.id, score: 8 });
  await insertExamFinal(t, { activityId: forAll, userId: people.ben.id, score: 6 });
  await insertHomeworkSubmission(t, { activityId: onlyB, userId: people.ben.id, version: 1, score: 90 });
});
afterAll(async () => t.close());

async function gradebook(session: Session, courseId: number, query = ''): Promise<GradebookResponse> {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/courses/${courseId}/gradebook${query}`,
    headers: session.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<GradebookResponse>();
}

function table(body: GradebookResponse) {
  return {
    items: body.items.map((i) => i.id),
    rows: body.rows.map((r) => [r.student.name, ...r.scores.map((s) => s.score)]),
  };
}

describe('the gradebook of a combined course', () => {
  it("lists every sub-course's students with their scores", async () => {
    expect(table(await gradebook(sessions.teacher, parent))).toEqual({
      items: [forAll, onlyB],
      rows: [
        ['Ann', 8, null],
        ['Ben', 6, 90],
      ],
    });
  });

  it('is split by sub-course: its students, and the items assigned to them', async () => {
    expect(table(await gradebook(sessions.teacher, parent, `?sub_course_id=${courseA}`))).toEqual({
      items: [forAll],
      rows: [['Ann', 8]],
    });
    expect(table(await gradebook(sessions.teacher, parent, `?sub_course_id=${courseB}`))).toEqual({
      items: [forAll, onlyB],
      rows: [['Ben', 6, 90]],
    });
  });

  it('exports the split table', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/courses/${parent}/gradebook/export?format=csv&sub_course_id=${courseA}`,
      headers: sessions.teacher.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    const lines = response.body.replace('\uFEFF', '').trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('Ann');
  });

  it('gives a sub-course student their own row', async () => {
    const own = await gradebook(sessions.ben, parent);
    expect(own.view).toBe('own');
    expect(own.rows.map((r) => r.student.name)).toEqual(['Ben']);
  });

  it('refuses a course that is not one of its sub-courses, and a split of an ordinary course', async () => {
    for (const url of [
      `/api/courses/${parent}/gradebook?sub_course_id=${other}`,
      `/api/courses/${other}/gradebook?sub_course_id=${courseA}`,
    ]) {
      const response = await t.app.inject({ method: 'GET', url, headers: sessions.teacher.headers });
      expect(response.statusCode).toBe(404);
    }
    for (const value of ['abc', '0', '99999999999999999999']) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/courses/${parent}/gradebook?sub_course_id=${value}`,
        headers: sessions.teacher.headers,
      });
      expect(response.statusCode, value).toBe(400);
    }
    // An ordinary course's gradebook is what it was.
    expect(table(await gradebook(sessions.teacher, other))).toEqual({
      items: [plain],
      rows: [['Cal', null]],
    });
  });
});
