import {
  CourseSharedFilesResponseSchema,
  type CourseSharedFilesResponse,
} from '@lectern/contracts/course-services/shared-files.schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMember,
  createCourse,
  createOrg,
  createUpload,
  createUser,
  loginAs,
  type Session,
} from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * Sharing files to a course from its Files page and taking them out again
 * (`POST /api/uploads/share-to-courses`, `DELETE /api/courses/{id}/shared-files/{uploadId}`), and the
 * list's `can_share` and per-file `can_unshare` that decide which of those the page offers.
 */
let t: TestApp;
let orgId: number;
let owner: Session;
let coTeacher: Session;
let assistant: Session;
let student: Session;
let otherTeacher: Session;
let admin: Session;
let simulating: Session;
let target: number;
let sibling: number;
let elsewhere: number;
let coTeacherId: number;
let ownerId: number;

beforeAll(async () => {
  t = await createTestApp();
  orgId = (await createOrg(t)).id;
  const ownerUser = await createUser(t, orgId, { name: 'Owner Ou' });
  const coTeacherUser = await createUser(t, orgId, { name: 'Co Teacher Cai' });
  const assistantUser = await createUser(t, orgId);
  const studentUser = await createUser(t, orgId);
  const otherTeacherUser = await createUser(t, orgId);
  ownerId = ownerUser.id;
  coTeacherId = coTeacherUser.id;
  target = (await createCourse(t, orgId, ownerUser.id, { name: 'Target' })).id;
  sibling = (await createCourse(t, orgId, ownerUser.id, { name: 'Sibling' })).id;
  elsewhere = (await createCourse(t, orgId, otherTeacherUser.id, { name: 'Elsewhere' })).id;
  await addMember(t, target, coTeacherUser.id, ['instructor']);
  await addMember(t, sibling, coTeacherUser.id, ['instructor']);
  await addMember(t, target, assistantUser.id, ['instructor_assistant']);
  await addMember(t, target, studentUser.id, ['student']);
  await addMember(t, sibling, studentUser.id, ['student']);
  owner = await loginAs(t, ownerUser);
  coTeacher = await loginAs(t, coTeacherUser);
  assistant = await loginAs(t, assistantUser);
  student = await loginAs(t, studentUser);
  otherTeacher = await loginAs(t, otherTeacherUser);
  admin = await loginAs(t, await createUser(t, orgId, { orgRole: 'admin' }));
  simulating = await loginAs(t, ownerUser, { simulatingCourseId: target });
});
afterAll(async () => t.close());

function call(method: 'GET' | 'POST' | 'DELETE', url: string, session: Session, payload?: object) {
  return t.app.inject({
    method,
    url,
    headers: session.headers,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

async function list(session: Session, courseId = target): Promise<CourseSharedFilesResponse> {
  const res = await call('GET', `/api/courses/${courseId}/shared-files`, session);
  expect(res.statusCode, res.body).toBe(200);
  return CourseSharedFilesResponseSchema.parse(res.json());
}

/** The ids listed to this caller, with whether each may be taken out by them. */
async function unshareFlags(session: Session, courseId = target): Promise<Record<number, boolean>> {
  const page = await list(session, courseId);
  return Object.fromEntries(page.shared_files.map((f) => [f.upload_id, f.can_unshare]));
}

async function uploadBy(userId: number, name: string): Promise<number> {
  return (await createUpload(t, orgId, userId, { bytes: Buffer.from(name), name })).id;
}

async function share(session: Session, uploadIds: number[], courseIds: number[]) {
  const res = await call('POST', '/api/uploads/share-to-courses', session, {
    upload_ids: uploadIds,
    course_ids: courseIds,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ shared: number }>();
}

const unshare = (session: Session, uploadId: number, courseId = target) =>
  call('DELETE', `/api/courses/${courseId}/shared-files/${uploadId}`, session);

describe('sharing to a course and taking files out of it', () => {
  it('lets the teaching team share a new upload to this course and another they teach, and says who may share', async () => {
    const handout = await uploadBy(coTeacherId, 'handout.txt');
    expect(await share(coTeacher, [handout], [target, sibling])).toEqual({ shared: 2 });
    expect((await list(student)).shared_files.map((f) => f.name)).toContain('handout.txt');
    expect((await list(student, sibling)).shared_files.map((f) => f.name)).toContain('handout.txt');

    expect((await list(owner)).can_share).toBe(true);
    expect((await list(assistant)).can_share).toBe(true);
    expect((await list(student)).can_share).toBe(false);
    expect((await list(admin)).can_share).toBe(false);
    expect((await list(simulating)).can_share).toBe(false);

    // Neither a student nor an instructor of another course may share into it.
    const byStudent = await call('POST', '/api/uploads/share-to-courses', student, {
      upload_ids: [await uploadBy(ownerId, 'x.txt')],
      course_ids: [target],
    });
    expect(byStudent.statusCode).toBe(403);
    const intoOthers = await call('POST', '/api/uploads/share-to-courses', otherTeacher, {
      upload_ids: [await uploadBy(ownerId, 'y.txt')],
      course_ids: [target],
    });
    expect(intoOthers.statusCode).toBe(403);
  });

  it('flags each file as removable for whoever shared it and the teaching team only', async () => {
    const mine = await uploadBy(coTeacherId, 'co-notes.txt');
    const owners = await uploadBy(ownerId, 'owner-notes.txt');
    await share(coTeacher, [mine], [target]);
    await share(owner, [owners], [target]);

    const teacherView = await unshareFlags(owner);
    expect(teacherView[mine]).toBe(true);
    expect(teacherView[owners]).toBe(true);
    expect((await unshareFlags(assistant))[mine]).toBe(true);
    const studentView = await unshareFlags(student);
    expect(studentView[mine]).toBe(false);
    expect(studentView[owners]).toBe(false);
    expect((await unshareFlags(admin))[mine]).toBe(false);
    // Viewing the course as a student, the owner is offered nothing a student is not.
    expect((await unshareFlags(simulating))[owners]).toBe(false);
  });

  it('lets the sharer take their file out; it leaves the list and its members lose it', async () => {
    const slides = await uploadBy(coTeacherId, 'slides.txt');
    await share(coTeacher, [slides], [target, sibling]);
    expect((await call('GET', `/api/uploads/${slides}/blob`, student)).statusCode).toBe(200);

    const removed = await unshare(coTeacher, slides);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual({ ok: true });
    expect((await list(student)).shared_files.map((f) => f.upload_id)).not.toContain(slides);
    expect((await list(owner)).shared_files.map((f) => f.upload_id)).not.toContain(slides);
    // Only this course's share went: the sibling course still has it, and reads it.
    expect((await list(student, sibling)).shared_files.map((f) => f.upload_id)).toContain(slides);
    expect((await call('GET', `/api/uploads/${slides}/blob`, student)).statusCode).toBe(200);

    await unshare(coTeacher, slides, sibling);
    expect((await call('GET', `/api/uploads/${slides}/blob`, student)).statusCode).toBe(404);
  });

  it("lets the course's instructors and assistants take out a file someone else shared", async () => {
    const first = await uploadBy(coTeacherId, 'first.txt');
    const second = await uploadBy(coTeacherId, 'second.txt');
    await share(coTeacher, [first, second], [target]);

    const byOwner = await unshare(owner, first);
    expect(byOwner.statusCode, byOwner.body).toBe(200);
    const byAssistant = await unshare(assistant, second);
    expect(byAssistant.statusCode, byAssistant.body).toBe(200);
    const left = (await list(student)).shared_files.map((f) => f.upload_id);
    expect(left).not.toContain(first);
    expect(left).not.toContain(second);
  });

  it('refuses students, instructors of other courses, administrators and a simulating instructor', async () => {
    const kept = await uploadBy(ownerId, 'kept.txt');
    await share(owner, [kept], [target]);

    const byStudent = await unshare(student, kept);
    expect(byStudent.statusCode).toBe(403);
    expect(byStudent.json()).toMatchObject({
      code: 'forbidden',
      message: "Only whoever shared the file and the course's teaching team can remove it.",
    });
    expect((await unshare(otherTeacher, kept)).statusCode).toBe(403);
    expect((await unshare(admin, kept)).statusCode).toBe(403);
    const bySimulating = await unshare(simulating, kept);
    expect(bySimulating.statusCode).toBe(403);
    expect(bySimulating.json()).toMatchObject({ code: 'simulating_read_only' });
    // A student guessing an id learns nothing: shared or not, the answer is the same refusal.
    expect((await unshare(student, 999_999)).statusCode).toBe(403);
    expect(
      (await call('DELETE', `/api/courses/${target}/shared-files/${kept}`, { userId: 0, headers: {} }))
        .statusCode,
    ).toBe(401);

    expect((await list(student)).shared_files.map((f) => f.upload_id)).toContain(kept);
  });

  it('keeps the sharer right after they leave the teaching team, for their own files only', async () => {
    const own = await uploadBy(coTeacherId, 'own.txt');
    const others = await uploadBy(ownerId, 'others.txt');
    await share(coTeacher, [own], [target]);
    await share(owner, [others], [target]);
    await addMember(t, target, coTeacherId, ['student']);
    try {
      const page = await list(coTeacher);
      expect(page.can_share).toBe(false);
      const flags = Object.fromEntries(page.shared_files.map((f) => [f.upload_id, f.can_unshare]));
      expect(flags[own]).toBe(true);
      expect(flags[others]).toBe(false);
      expect((await unshare(coTeacher, others)).statusCode).toBe(403);
      expect((await unshare(coTeacher, own)).statusCode).toBe(200);
    } finally {
      await addMember(t, target, coTeacherId, ['instructor']);
    }
  });

  it('answers 404 to the teaching team for a file not shared to the course, or a course that does not exist', async () => {
    const notShared = await uploadBy(ownerId, 'not-shared.txt');
    const missing = await unshare(owner, notShared);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({
      code: 'not_found',
      message: 'That file is not shared to this course.',
    });
    expect((await unshare(owner, 999_999)).statusCode).toBe(404);

    // Shared to another course only: not this course's to remove.
    const onlySibling = await uploadBy(ownerId, 'sibling-only.txt');
    await share(owner, [onlySibling], [sibling]);
    expect((await unshare(owner, onlySibling)).statusCode).toBe(404);

    // Removing twice: the second finds nothing.
    const twice = await uploadBy(ownerId, 'twice.txt');
    await share(owner, [twice], [target]);
    expect((await unshare(owner, twice)).statusCode).toBe(200);
    expect((await unshare(owner, twice)).statusCode).toBe(404);

    expect((await unshare(owner, twice, 999_999)).statusCode).toBe(404);
    // A course the caller is not in is refused, as every course read is.
    expect((await unshare(owner, twice, elsewhere)).statusCode).toBe(403);
  });
});
