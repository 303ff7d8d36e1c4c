import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  GradebookResponseSchema,
  GradeScoreItemsResponseSchema,
  type GradebookResponse,
} from '@lectern/contracts/gradebook/gradebook.schemas';
import { gradeItemWeights } from '../../db/schema/gradebook.ts';
import { uploadReferences } from '../../db/schema/uploads.ts';
import {
  addMember,
  createActivity,
  createCourse,
  createGroup,
  createGroupSet,
  createModule,
  createOrg,
  createUpload,
  createUser,
  loginAs,
  type Session,
} from '../../test/factories.ts';
import { insertExamFinal, insertHomeworkSubmission } from '../../test/grades-factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { zipStored } from '../../test/uploads-fixtures.ts';
import {
  H5_INDEX_HTML,
  SCORM_12_MANIFEST,
  SCORM_12_SCO_HTML,
  SCORM_2004_MANIFEST,
} from '../h5-courseware/h5-package.fixture.ts';

let t: TestApp;
let courseId: number;
let otherCourseActivityId: number;
let materialId: number;
const ids = {} as Record<'exam1' | 'exam2' | 'hw1' | 'hw2' | 'hw3' | 'draftExam', number>;
const people = {} as Record<'alice' | 'bob' | 'carol', { id: number }>;
const sessions = {} as Record<
  'teacher' | 'assistant' | 'alice' | 'bob' | 'outsider' | 'simulating' | 'teacherZh',
  Session
>;

beforeAll(async () => {
  t = await createTestApp();
  const orgId = (await createOrg(t)).id;
  const teacher = await createUser(t, orgId);
  const assistant = await createUser(t, orgId);
  const outsider = await createUser(t, orgId);
  people.alice = await createUser(t, orgId, { name: 'Alice', userNo: 'S1' });
  people.bob = await createUser(t, orgId, { name: 'Bob', userNo: 'S2' });
  // A name a spreadsheet would run as a formula.
  people.carol = await createUser(t, orgId, { name: '=Carol+1', userNo: 'S3' });
  const course = await createCourse(t, orgId, teacher.id, { name: 'Physics' });
  courseId = course.id;
  await addMember(t, courseId, assistant.id, ['instructor_assistant']);
  for (const p of Object.values(people)) await addMember(t, courseId, p.id, ['student']);
  const moduleId = (await createModule(t, courseId)).id;
  const make = async (type: string, data: Record<string, unknown>, values: { published?: boolean } = {}) =>
    (await createActivity(t, { courseId, moduleId, createdBy: teacher.id, type, data, ...values })).id;

  ids.exam1 = await make('exam', {
    total_points: 50,
    score_rule: 'highest',
    announce_score_type: 'after_submit',
  });
  ids.exam2 = await make('exam', { total_points: 100, score_rule: 'last', announce_score_type: 'never' });
  ids.hw1 = await make('homework', { announceScoreType: 2 });
  ids.hw2 = await make('homework', { announceScoreType: 1, isAnnounceMark: 0 });
  const set = await createGroupSet(t, courseId);
  const group = await createGroup(t, set.id, { memberIds: [people.alice.id, people.bob.id] });
  ids.hw3 = await make('homework', { announceScoreType: 2, group_set_id: set.id });
  ids.draftExam = await make('exam', { total_points: 10 }, { published: false });
  materialId = await make('material', {});

  const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);
  await insertExamFinal(t, {
    activityId: ids.exam1,
    userId: people.alice.id,
    score: 30,
    submittedAt: minutesAgo(30),
  });
  await insertExamFinal(t, {
    activityId: ids.exam1,
    userId: people.alice.id,
    attempt: 2,
    score: 40,
    submittedAt: minutesAgo(20),
  });
  await insertExamFinal(t, { activityId: ids.exam1, userId: people.bob.id, marked: false });
  await insertExamFinal(t, {
    activityId: ids.exam2,
    userId: people.alice.id,
    score: 90,
    submittedAt: minutesAgo(30),
  });
  await insertExamFinal(t, {
    activityId: ids.exam2,
    userId: people.alice.id,
    attempt: 2,
    score: 60,
    submittedAt: minutesAgo(10),
  });
  await insertHomeworkSubmission(t, { activityId: ids.hw1, userId: people.alice.id, version: 1, score: 60 });
  await insertHomeworkSubmission(t, {
    activityId: ids.hw1,
    userId: people.alice.id,
    version: 2,
    score: 70,
    finalScore: 75,
  });
  await insertHomeworkSubmission(t, { activityId: ids.hw1, userId: people.bob.id, version: 1, score: 80 });
  // A later draft, or an unmarked hand-in, does not replace the marked one.
  await insertHomeworkSubmission(t, {
    activityId: ids.hw1,
    userId: people.bob.id,
    version: 2,
    isDraft: true,
  });
  await insertHomeworkSubmission(t, { activityId: ids.hw2, userId: people.alice.id, version: 1, score: 90 });
  await insertHomeworkSubmission(t, { activityId: ids.hw3, groupId: group.id, version: 1, score: 88 });

  const other = await createCourse(t, orgId, teacher.id);
  const otherModule = (await createModule(t, other.id)).id;
  otherCourseActivityId = (
    await createActivity(t, {
      courseId: other.id,
      moduleId: otherModule,
      createdBy: teacher.id,
      type: 'exam',
    })
  ).id;

  sessions.teacher = await loginAs(t, teacher);
  sessions.teacherZh = await loginAs(t, teacher, { locale: 'zh-CN' });
  sessions.assistant = await loginAs(t, assistant);
  sessions.alice = await loginAs(t, people.alice);
  sessions.bob = await loginAs(t, people.bob);
  sessions.outsider = await loginAs(t, outsider);
  sessions.simulating = await loginAs(t, teacher, { simulatingCourseId: courseId });
});
afterAll(async () => t.close());

const get = (session: Session, url: string) => t.app.inject({ method: 'GET', url, headers: session.headers });
const putWeight = (session: Session, activityId: number, weight: unknown) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/courses/${courseId}/grade-score-items/${activityId}`,
    headers: session.headers,
    payload: { weight },
  });

async function gradebookOf(session: Session): Promise<GradebookResponse> {
  const res = await get(session, `/api/courses/${courseId}/gradebook`);
  expect(res.statusCode).toBe(200);
  return GradebookResponseSchema.parse(res.json());
}

function scoresOf(book: GradebookResponse, studentId: number): Record<number, number | null> {
  const row = book.rows.find((r) => r.student.id === studentId);
  return Object.fromEntries((row?.scores ?? []).map((s) => [s.activity_id, s.score]));
}

const totalOf = (book: GradebookResponse, studentId: number) =>
  book.rows.find((r) => r.student.id === studentId)?.total;

describe('GET /api/courses/{id}/grade-score-items', () => {
  it('lists the course’s exams and homework with weight, release state and maximum for the teaching team', async () => {
    const res = await get(sessions.teacher, `/api/courses/${courseId}/grade-score-items`);
    expect(res.statusCode).toBe(200);
    const items = GradeScoreItemsResponseSchema.parse(res.json()).grade_score_items;
    expect(items.map((i) => i.id)).toEqual([ids.exam1, ids.exam2, ids.hw1, ids.hw2, ids.hw3, ids.draftExam]);
    expect(items.find((i) => i.id === materialId)).toBeUndefined();
    const byId = new Map(items.map((i) => [i.id, i]));
    expect(byId.get(ids.exam1)).toMatchObject({ type: 'exam', weight: 1, published: true, max_score: 50 });
    expect(byId.get(ids.exam2)).toMatchObject({ published: false, max_score: 100 });
    expect(byId.get(ids.hw1)).toMatchObject({ type: 'homework', published: true, max_score: 100 });
    expect(byId.get(ids.hw2)?.published).toBe(false);
    expect(byId.get(ids.draftExam)?.activity_published).toBe(false);
  });

  it('shows a student only published activities whose scores are released', async () => {
    const res = await get(sessions.alice, `/api/courses/${courseId}/grade-score-items`);
    const items = GradeScoreItemsResponseSchema.parse(res.json()).grade_score_items;
    expect(items.map((i) => i.id)).toEqual([ids.exam1, ids.hw1, ids.hw3]);
  });

  it('refuses someone outside the course', async () => {
    const res = await get(sessions.outsider, `/api/courses/${courseId}/grade-score-items`);
    expect(res.statusCode).toBe(403);
  });
});

describe('GET /api/courses/{id}/gradebook', () => {
  it('gives the teaching team every student’s scores by each item’s rule', async () => {
    const book = await gradebookOf(sessions.assistant);
    expect(book.view).toBe('all');
    expect(book.rows.map((r) => r.student.user_no)).toEqual(['S1', 'S2', 'S3']);
    expect(scoresOf(book, people.alice.id)).toEqual({
      [ids.exam1]: 40, // highest of 30 and 40
      [ids.exam2]: 60, // last attempt, though an earlier one scored 90
      [ids.hw1]: 75, // latest marked version, its final score
      [ids.hw2]: 90,
      [ids.hw3]: 88, // the group's score
      [ids.draftExam]: null,
    });
    expect(scoresOf(book, people.bob.id)).toMatchObject({
      [ids.exam1]: null, // handed in, not marked
      [ids.hw1]: 80, // the later draft does not count
      [ids.hw3]: 88,
    });
    expect(scoresOf(book, people.carol.id)[ids.hw3]).toBeNull(); // in no group
  });

  it('totals as an equally weighted percentage over published activities, missing scores as zero', async () => {
    const book = await gradebookOf(sessions.teacher);
    // (40/50 + 60/100 + 75/100 + 90/100 + 88/100) / 5; the unpublished exam does not count.
    expect(totalOf(book, people.alice.id)).toBe(78.6);
    expect(totalOf(book, people.bob.id)).toBe(33.6);
    expect(totalOf(book, people.carol.id)).toBe(0);
  });

  it('gives a student only their own row with only released items, totalled over those', async () => {
    const book = await gradebookOf(sessions.alice);
    expect(book.view).toBe('own');
    expect(book.items.map((i) => i.id)).toEqual([ids.exam1, ids.hw1, ids.hw3]);
    expect(book.rows).toHaveLength(1);
    expect(book.rows[0]?.student.id).toBe(people.alice.id);
    expect(scoresOf(book, people.alice.id)).toEqual({ [ids.exam1]: 40, [ids.hw1]: 75, [ids.hw3]: 88 });
    expect(totalOf(book, people.alice.id)).toBe(81);
    const bob = await gradebookOf(sessions.bob);
    expect(bob.rows.map((r) => r.student.id)).toEqual([people.bob.id]);
  });

  it('gives an instructor viewing as a student the student view', async () => {
    const book = await gradebookOf(sessions.simulating);
    expect(book.view).toBe('own');
    expect(book.items.map((i) => i.id)).not.toContain(ids.exam2);
  });
});

describe('PUT /api/courses/{id}/grade-score-items/{activityId}', () => {
  it('stores a weight the totals then use', async () => {
    const res = await putWeight(sessions.teacher, ids.exam1, 3);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: ids.exam1, weight: 3 });
    const [row] = await t.db
      .select()
      .from(gradeItemWeights)
      .where(and(eq(gradeItemWeights.activityId, ids.exam1), eq(gradeItemWeights.courseId, courseId)));
    expect(row?.weight).toBe(3);
    const book = await gradebookOf(sessions.teacher);
    expect(book.items.find((i) => i.id === ids.exam1)?.weight).toBe(3);
    // (3·0.8 + 0.6 + 0.75 + 0.9 + 0.88) / 7
    expect(totalOf(book, people.alice.id)).toBe(79);
    // A weight of zero takes the item out of the total.
    expect((await putWeight(sessions.assistant, ids.exam1, 0)).statusCode).toBe(200);
    expect(totalOf(await gradebookOf(sessions.teacher), people.alice.id)).toBe(78.25);
    await putWeight(sessions.teacher, ids.exam1, 1);
  });

  it('refuses students, a simulating instructor and bad weights', async () => {
    expect((await putWeight(sessions.alice, ids.exam1, 5)).statusCode).toBe(403);
    const simulating = await putWeight(sessions.simulating, ids.exam1, 5);
    expect(simulating.statusCode).toBe(403);
    expect(simulating.json()).toMatchObject({ code: 'simulating_read_only' });
    const negative = await putWeight(sessions.teacher, ids.exam1, -1);
    expect(negative.statusCode).toBe(400);
    expect(negative.json()).toMatchObject({
      errors: { weight: ['The weight must be a number from 0 to 1000.'] },
    });
    expect((await putWeight(sessions.teacher, ids.exam1, 1001)).statusCode).toBe(400);
    expect((await putWeight(sessions.teacher, ids.exam1, 'heavy')).statusCode).toBe(400);
  });

  it('only weighs gradable activities of this course', async () => {
    expect((await putWeight(sessions.teacher, materialId, 2)).statusCode).toBe(404);
    expect((await putWeight(sessions.teacher, otherCourseActivityId, 2)).statusCode).toBe(404);
  });
});

describe('GET /api/courses/{id}/gradebook/export', () => {
  it('writes CSV with a byte-order mark, a column per item and cells safe from formula injection', async () => {
    const res = await get(sessions.teacher, `/api/courses/${courseId}/gradebook/export?format=csv`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain('Physics-gradebook.csv');
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const lines = res.body.slice(1).trimEnd().split('\r\n');
    expect(lines).toHaveLength(4);
    expect(lines[0]).toMatch(/^"User No.","Name",".*\(out of 50, weight 1\)",.*"Weighted total \(%\)"$/);
    expect(lines[1]).toBe('"S1","Alice",40,60,75,90,88,,78.6');
    expect(lines[3]).toContain(`"'=Carol+1"`);
  });

  it('speaks the caller’s language', async () => {
    const res = await get(sessions.teacherZh, `/api/courses/${courseId}/gradebook/export`);
    expect(res.body.slice(1).split('\r\n')[0]).toMatch(/^"学号","姓名",.*"加权总评（%）"$/);
  });

  it('writes a valid XLSX workbook with a Grades sheet holding the table', async () => {
    const res = await get(sessions.teacher, `/api/courses/${courseId}/gradebook/export?format=xlsx`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(res.headers['content-disposition']).toContain('Physics-gradebook.xlsx');
    const zip = await JSZip.loadAsync(res.rawPayload);
    const workbook = await zip.file('xl/workbook.xml')?.async('string');
    expect(workbook).toContain('name="Grades"');
    const sheet = (await zip.file('xl/worksheets/sheet1.xml')?.async('string')) ?? '';
    expect(sheet).toContain('Alice');
    expect(sheet).toContain('=Carol+1');
    expect(sheet).not.toContain('<f>');
    expect(sheet).toContain('<v>78.6</v>');
  });

  it('is for the teaching team only', async () => {
    expect(
      (await get(sessions.alice, `/api/courses/${courseId}/gradebook/export?format=csv`)).statusCode,
    ).toBe(403);
    expect(
      (await get(sessions.teacher, `/api/courses/${courseId}/gradebook/export?format=pdf`)).statusCode,
    ).toBe(400);
  });
});

describe('OpenAPI', () => {
  it('documents the gradebook, to-do and notification routes', async () => {
    const doc = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(doc.statusCode).toBe(200);
    const paths = Object.keys(doc.json<{ paths: Record<string, unknown> }>().paths);
    for (const path of [
      '/api/courses/{id}/grade-score-items',
      '/api/courses/{id}/grade-score-items/{activityId}',
      '/api/courses/{id}/gradebook',
      '/api/courses/{id}/gradebook/export',
      '/api/todos',
      '/api/notifications',
      '/api/notifications/unread-count',
      '/api/notifications/{id}/read',
      '/api/notifications/read-all',
    ]) {
      expect(paths).toContain(path);
    }
  });
});

describe('SCORM scores (H5 courseware)', () => {
  it('gives an H5 courseware with a SCORM package a 0–100 column of each learner’s normalised score', async () => {
    const orgId = (await createOrg(t)).id;
    const teacher = await createUser(t, orgId);
    const ann = await createUser(t, orgId, { userNo: 'A1' });
    const ben = await createUser(t, orgId, { userNo: 'A2' });
    const cid = (await createCourse(t, orgId, teacher.id)).id;
    for (const p of [ann, ben]) await addMember(t, cid, p.id, ['student']);
    const moduleId = (await createModule(t, cid)).id;
    const courseware = async () =>
      (await createActivity(t, { courseId: cid, moduleId, createdBy: teacher.id, type: 'h5_courseware' })).id;
    const [teacherS, annS, benS] = [await loginAs(t, teacher), await loginAs(t, ann), await loginAs(t, ben)];
    const attach = async (activityId: number, files: { name: string; data: string }[]) => {
      const upload = await createUpload(t, orgId, teacher.id, {
        bytes: zipStored(files),
        mimeType: 'application/zip',
        name: 'pkg.zip',
      });
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/h5-courseware/${activityId}/packages`,
        headers: teacherS.headers,
        payload: { upload_id: upload.id },
      });
      expect(res.statusCode, res.body).toBe(201);
      return upload.id;
    };
    const commit = async (session: Session, activityId: number, uploadId: number, state: unknown) => {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/h5-courseware/${activityId}/upload/${uploadId}/cmi`,
        headers: session.headers,
        payload: { base64State: Buffer.from(JSON.stringify(state)).toString('base64') },
      });
      expect(res.statusCode, res.body).toBe(200);
    };

    const scorm12 = await courseware();
    const pkg12 = await attach(scorm12, [
      { name: 'imsmanifest.xml', data: SCORM_12_MANIFEST },
      { name: 'lesson/sco.html', data: SCORM_12_SCO_HTML },
    ]);
    const scorm2004 = await courseware();
    const pkg2004 = await attach(scorm2004, [
      { name: 'imsmanifest.xml', data: SCORM_2004_MANIFEST },
      { name: 'content/start.html', data: SCORM_12_SCO_HTML },
    ]);
    // A plain HTML page reports no score: not a gradebook item.
    const plain = await courseware();
    await attach(plain, [{ name: 'index.html', data: H5_INDEX_HTML }]);

    await commit(annS, scorm12, pkg12, {
      version: '1.2',
      cmi: { 'cmi.core.score.raw': '45', 'cmi.core.score.min': '0', 'cmi.core.score.max': '50' },
    });
    await commit(annS, scorm2004, pkg2004, { version: '2004', cmi: { 'cmi.score.scaled': '0.75' } });
    // A state without a score leaves the cell empty.
    await commit(benS, scorm12, pkg12, { version: '1.2', cmi: { 'cmi.core.lesson_status': 'incomplete' } });

    const res = await get(teacherS, `/api/courses/${cid}/gradebook`);
    expect(res.statusCode).toBe(200);
    const book = GradebookResponseSchema.parse(res.json());
    expect(book.items.map((i) => [i.id, i.type, i.max_score])).toEqual([
      [scorm12, 'h5_courseware', 100],
      [scorm2004, 'h5_courseware', 100],
    ]);
    expect(scoresOf(book, ann.id)).toEqual({ [scorm12]: 90, [scorm2004]: 75 });
    expect(scoresOf(book, ben.id)).toEqual({ [scorm12]: null, [scorm2004]: null });
    expect(totalOf(book, ann.id)).toBe(82.5);

    // The learner sees their own row; a later, lower score replaces the stored one.
    await commit(annS, scorm2004, pkg2004, { version: '2004', cmi: { 'cmi.score.scaled': '0.5' } });
    const own = GradebookResponseSchema.parse((await get(annS, `/api/courses/${cid}/gradebook`)).json());
    expect(own.rows).toHaveLength(1);
    expect(scoresOf(own, ann.id)).toEqual({ [scorm12]: 90, [scorm2004]: 50 });

    // A package taken off the activity no longer scores it, and without one the activity is no item.
    await t.db
      .delete(uploadReferences)
      .where(and(eq(uploadReferences.parentId, scorm2004), eq(uploadReferences.uploadId, pkg2004)));
    const after = GradebookResponseSchema.parse(
      (await get(teacherS, `/api/courses/${cid}/gradebook`)).json(),
    );
    expect(after.items.map((i) => i.id)).toEqual([scorm12]);
  });
});
