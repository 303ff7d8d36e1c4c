import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CourseResourceAuditResponseSchema,
  ResourceAuditCoursesResponseSchema,
  type CourseResourceAuditResponse,
  type ResourceAuditCoursesResponse,
} from '@lectern/contracts/course-services/resource-audit.schemas';
import { uploadReferences } from '../../db/schema/uploads.ts';
import { attachFile } from '../../test/discussions-factories.ts';
import {
  addMember,
  createActivity,
  createCourse,
  createModule,
  createOrg,
  createUpload,
  createUser,
  loginAs,
  type Session,
} from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let admin: Session;
let teacher: Session;
let assistant: Session;
let student: Session;
let otherTeacher: Session;
let foreignAdmin: Session;
let course1: number;
let course2: number;
let course3: number;
let notes: number;
let slides: number;
let othersFile: number;
let unattached: number;
let firstActivity: number;
let secondActivity: number;

beforeAll(async () => {
  t = await createTestApp();
  const orgId = (await createOrg(t)).id;
  const otherOrgId = (await createOrg(t)).id;
  const teacherUser = await createUser(t, orgId, { name: 'Tess Teacher' });
  const assistantUser = await createUser(t, orgId);
  const studentUser = await createUser(t, orgId);
  const otherTeacherUser = await createUser(t, orgId);
  admin = await loginAs(t, await createUser(t, orgId, { orgRole: 'admin' }));
  foreignAdmin = await loginAs(t, await createUser(t, otherOrgId, { orgRole: 'admin' }));
  teacher = await loginAs(t, teacherUser);
  assistant = await loginAs(t, assistantUser);
  student = await loginAs(t, studentUser);
  otherTeacher = await loginAs(t, otherTeacherUser);

  // createCourse makes its creator the instructor.
  course1 = (await createCourse(t, orgId, teacherUser.id, { name: 'Optics', courseCode: 'PHY201' })).id;
  course2 = (await createCourse(t, orgId, teacherUser.id, { name: 'Acoustics' })).id;
  course3 = (await createCourse(t, orgId, otherTeacherUser.id, { name: 'Botany' })).id;
  await addMember(t, course1, assistantUser.id, ['instructor_assistant']);
  await addMember(t, course1, studentUser.id, ['student']);

  const m1 = (await createModule(t, course1)).id;
  firstActivity = (await createActivity(t, { courseId: course1, moduleId: m1, createdBy: teacherUser.id }))
    .id;
  secondActivity = (await createActivity(t, { courseId: course1, moduleId: m1, createdBy: teacherUser.id }))
    .id;
  const notesRef = await attachFile(t, {
    orgId,
    activityId: firstActivity,
    createdBy: teacherUser.id,
    kind: 'document',
  });
  notes = notesRef.uploadId;
  const slidesRef = await attachFile(t, {
    orgId,
    activityId: firstActivity,
    createdBy: teacherUser.id,
    kind: 'video',
  });
  slides = slidesRef.uploadId;
  // The same file attached to a second activity is still one resource of the course.
  await t.db.insert(uploadReferences).values({
    uploadId: slides,
    parentType: 'learning_activity',
    parentId: secondActivity,
    name: 'again',
    createdBy: teacherUser.id,
  });
  const m3 = (await createModule(t, course3)).id;
  const a3 = (await createActivity(t, { courseId: course3, moduleId: m3, createdBy: otherTeacherUser.id }))
    .id;
  othersFile = (
    await attachFile(t, { orgId, activityId: a3, createdBy: otherTeacherUser.id, kind: 'document' })
  ).uploadId;
  unattached = (await createUpload(t, orgId, teacherUser.id, { bytes: Buffer.from('draft') })).id;
});
afterAll(async () => t.close());

function call(method: 'GET' | 'PUT' | 'POST', url: string, session: Session, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: session.headers,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

async function statistic(query = '', session: Session = admin): Promise<ResourceAuditCoursesResponse> {
  const res = await call('GET', `/api/courses/statistic/resource-audit?${query}`, session);
  expect(res.statusCode, res.body).toBe(200);
  return ResourceAuditCoursesResponseSchema.parse(res.json());
}

async function references(
  courseId: number,
  session: Session = teacher,
): Promise<CourseResourceAuditResponse> {
  const res = await call('GET', `/api/courses/${courseId}/resource-audit?page=1&page_size=20`, session);
  expect(res.statusCode, res.body).toBe(200);
  return CourseResourceAuditResponseSchema.parse(res.json());
}

describe('resource audit', () => {
  it("lists the organisation's courses that use files, all awaiting review, with counts", async () => {
    const body = await statistic('page=1&page_size=10&include_children_tenant=1');
    expect(body.courses.map((c) => c.id)).toEqual([course3, course1]);
    expect(body.courses.find((c) => c.id === course1)).toMatchObject({
      code: 'PHY201',
      name: 'Optics',
      activity_count: 2,
      resource_count: 2,
      audit_status: 'auditing',
      audit_counts: { agree: 0, reject: 0, auditing: 2 },
    });
    expect(body.counts).toEqual({ agree: 0, reject: 0, auditing: 2 });
    expect(body.total).toBe(2);
    const found = await statistic(`conditions=${encodeURIComponent(JSON.stringify({ keyword: 'phy2' }))}`);
    expect(found.courses.map((c) => c.id)).toEqual([course1]);
    expect((await statistic('', foreignAdmin)).courses).toEqual([]);
    const nul = await call(
      'GET',
      `/api/courses/statistic/resource-audit?conditions=${encodeURIComponent(JSON.stringify({ keyword: 'a\u0000' }))}`,
      admin,
    );
    expect(nul.statusCode).toBe(400);
    const badStatus = await call(
      'GET',
      `/api/courses/statistic/resource-audit?conditions=${encodeURIComponent(JSON.stringify({ audit_status: 'maybe' }))}`,
      admin,
    );
    expect(badStatus.statusCode).toBe(400);
  });

  it('is for administrators only; the teaching team reads its own course, students do not', async () => {
    expect((await call('GET', '/api/courses/statistic/resource-audit', teacher)).statusCode).toBe(403);
    const list = await references(course1);
    expect(list.total).toBe(2);
    const attachedTwice = list.audit_references.find((r) => r.upload_id === slides)!;
    expect(attachedTwice.activities.map((a) => a.id)).toEqual([firstActivity, secondActivity]);
    expect(attachedTwice).toMatchObject({ shared: false, audit_status: 'auditing', audit_remark: null });
    expect(attachedTwice.uploaded_by.name).toBe('Tess Teacher');
    expect((await references(course1, assistant)).total).toBe(2);
    expect((await references(course1, admin)).total).toBe(2);
    expect((await call('GET', `/api/courses/${course1}/resource-audit`, student)).statusCode).toBe(403);
    expect((await call('GET', `/api/courses/${course1}/resource-audit`, foreignAdmin)).statusCode).toBe(404);
  });

  it('takes verdicts from administrators; a rejection needs a reason; a course is as good as its worst file', async () => {
    const url = (uploadId: number) => `/api/courses/${course1}/resource-audit/${uploadId}`;
    expect((await call('PUT', url(notes), teacher, { audit_status: 'agree' })).statusCode).toBe(403);
    expect((await call('PUT', url(notes), foreignAdmin, { audit_status: 'agree' })).statusCode).toBe(404);
    // A file the course does not use is not the course's to review.
    expect((await call('PUT', url(othersFile), admin, { audit_status: 'agree' })).statusCode).toBe(404);
    const noReason = await call('PUT', url(slides), admin, { audit_status: 'reject' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json<{ errors: Record<string, unknown> }>().errors).toHaveProperty('audit_remark');

    const agreed = await call('PUT', url(notes), admin, { audit_status: 'agree' });
    expect(agreed.statusCode, agreed.body).toBe(200);
    expect(agreed.json()).toMatchObject({ upload_id: notes, audit_status: 'agree' });
    const rejected = await call('PUT', url(slides), admin, {
      audit_status: 'reject',
      audit_remark: 'Copyrighted recording',
    });
    expect(rejected.json()).toMatchObject({ audit_status: 'reject', audit_remark: 'Copyrighted recording' });

    let row = (await statistic()).courses.find((c) => c.id === course1)!;
    expect(row).toMatchObject({ audit_status: 'reject', audit_counts: { agree: 1, reject: 1, auditing: 0 } });
    expect((await statistic()).counts).toEqual({ agree: 0, reject: 1, auditing: 1 });
    const onlyRejected = await statistic(
      `conditions=${encodeURIComponent(JSON.stringify({ audit_status: 'reject' }))}`,
    );
    expect(onlyRejected.courses.map((c) => c.id)).toEqual([course1]);

    await call('PUT', url(slides), admin, { audit_status: 'agree' });
    row = (await statistic()).courses.find((c) => c.id === course1)!;
    expect(row.audit_status).toBe('agree');
    expect((await references(course1)).counts).toEqual({ agree: 2, reject: 0, auditing: 0 });
  });
});

describe('sharing files to courses', () => {
  const share = (session: Session, upload_ids: number[], course_ids: number[]) =>
    call('POST', '/api/uploads/share-to-courses', session, { upload_ids, course_ids });

  it("shares the instructor's files to another course they teach, once, for review there", async () => {
    const first = await share(teacher, [notes, unattached], [course2]);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ shared: 2 });
    expect((await share(teacher, [notes], [course2])).json()).toEqual({ shared: 0 });
    const list = await references(course2);
    expect(list.audit_references.map((r) => [r.upload_id, r.shared, r.activities])).toEqual([
      [unattached, true, []],
      [notes, true, []],
    ]);
    // The verdict belongs to the course: agreed in Optics, still awaited in Acoustics.
    expect(list.counts).toEqual({ agree: 0, reject: 0, auditing: 2 });
    expect((await statistic()).courses.map((c) => c.id)).toContain(course2);
  });

  it("refuses courses the caller does not teach, and files neither theirs nor their courses'", async () => {
    expect((await share(teacher, [notes], [course2, course3])).statusCode).toBe(403);
    expect((await share(teacher, [notes], [999_999])).statusCode).toBe(403);
    expect((await share(teacher, [othersFile], [course2])).statusCode).toBe(403);
    expect((await share(student, [notes], [course1])).statusCode).toBe(403);
    // An administrator oversees courses but does not teach them.
    expect((await share(admin, [notes], [course1])).statusCode).toBe(403);
    // An assistant may pass on a file their course uses, to that course's own list.
    expect((await share(assistant, [notes], [course1])).json()).toEqual({ shared: 1 });
    expect((await share(otherTeacher, [notes], [course3])).statusCode).toBe(403);
    expect((await references(course3, otherTeacher)).total).toBe(1);
  });
});
