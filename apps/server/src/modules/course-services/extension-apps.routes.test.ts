import {
  ExtensionAppSchema,
  ExtensionAppsResponseSchema,
  type ExtensionAppsResponse,
} from '@lectern/contracts/course-services/extension-apps.schemas';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseExtensionApps } from '../../db/schema/course-services.ts';
import { courses } from '../../db/schema/courses.ts';
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
let owner: Session;
let assistant: Session;
let student: Session;
let outsider: Session;
let otherTeacher: Session;
let admin: Session;
let foreignAdmin: Session;
let simulating: Session;
let course: number;
let publicCourse: number;
let orgCourse: number;
let orgId: number;
let ownerId: number;

beforeAll(async () => {
  t = await createTestApp();
  orgId = (await createOrg(t)).id;
  const otherOrg = (await createOrg(t)).id;
  const ownerUser = await createUser(t, orgId);
  ownerId = ownerUser.id;
  const assistantUser = await createUser(t, orgId);
  const studentUser = await createUser(t, orgId);
  const otherTeacherUser = await createUser(t, orgId);
  course = (await createCourse(t, orgId, ownerUser.id)).id;
  publicCourse = (await createCourse(t, orgId, ownerUser.id)).id;
  orgCourse = (await createCourse(t, orgId, ownerUser.id)).id;
  await createCourse(t, orgId, otherTeacherUser.id);
  await t.db.update(courses).set({ publicScope: 'public' }).where(eq(courses.id, publicCourse));
  await t.db.update(courses).set({ publicScope: 'org' }).where(eq(courses.id, orgCourse));
  await addMember(t, course, assistantUser.id, ['instructor_assistant']);
  await addMember(t, course, studentUser.id, ['student']);
  owner = await loginAs(t, ownerUser);
  assistant = await loginAs(t, assistantUser);
  student = await loginAs(t, studentUser);
  outsider = await loginAs(t, await createUser(t, orgId));
  otherTeacher = await loginAs(t, otherTeacherUser);
  admin = await loginAs(t, await createUser(t, orgId, { orgRole: 'admin' }));
  foreignAdmin = await loginAs(t, await createUser(t, otherOrg, { orgRole: 'admin' }));
  simulating = await loginAs(t, ownerUser, { simulatingCourseId: course });
});
afterAll(async () => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
function call(method: Method, url: string, session: Session | null, payload?: Record<string, unknown>) {
  return t.app.inject({
    method,
    url,
    ...(session ? { headers: session.headers } : {}),
    ...(payload ? { payload } : {}),
  });
}

async function list(courseId: number, session: Session | null): Promise<ExtensionAppsResponse> {
  const url = session
    ? `/api/courses/${courseId}/extension-apps`
    : `/anonymous-api/courses/${courseId}/extension-apps`;
  const res = await call('GET', url, session);
  expect(res.statusCode, res.body).toBe(200);
  return ExtensionAppsResponseSchema.parse(res.json());
}

async function add(courseId: number, body: Record<string, unknown>, session: Session = owner) {
  const res = await call('POST', `/api/courses/${courseId}/extension-apps`, session, body);
  expect(res.statusCode, res.body).toBe(201);
  return ExtensionAppSchema.parse(res.json());
}

const LAB = {
  name: 'Virtual lab',
  url: 'https://lab.example.edu/optics',
  icon_url: 'https://lab.example.edu/icon.png',
};

describe('course extension apps', () => {
  it('are added by the teaching team, stored, and listed in order', async () => {
    const lab = await add(course, LAB);
    expect(lab).toMatchObject({ course_id: course, name: 'Virtual lab', visible_to_students: true });
    const answers = await add(
      course,
      { name: 'Answer key', url: 'http://keys.example.edu', visible_to_students: false },
      assistant,
    );
    expect(answers.icon_url).toBeNull();
    const [row] = await t.db.select().from(courseExtensionApps).where(eq(courseExtensionApps.id, lab.id));
    expect(row).toMatchObject({
      courseId: course,
      url: LAB.url,
      iconUrl: LAB.icon_url,
      visibleToStudents: true,
    });
    const seen = await list(course, owner);
    expect(seen.extension_apps.map((a) => a.name)).toEqual(['Virtual lab', 'Answer key']);
    expect(seen.can_manage).toBe(true);
    expect((await list(course, admin)).extension_apps).toHaveLength(2);
  });

  it('show students, and the instructor viewing as one, only the visible apps', async () => {
    for (const session of [student, simulating]) {
      const seen = await list(course, session);
      expect(seen.extension_apps.map((a) => a.name)).toEqual(['Virtual lab']);
      expect(seen.can_manage).toBe(false);
    }
  });

  it('answer like a missing course to anyone its public_scope keeps out', async () => {
    for (const session of [outsider, otherTeacher, foreignAdmin]) {
      expect((await call('GET', `/api/courses/${course}/extension-apps`, session)).statusCode).toBe(404);
    }
    expect((await call('GET', `/anonymous-api/courses/${course}/extension-apps`, null)).statusCode).toBe(404);
    // Without a session under /api: signing in is asked first.
    expect((await call('GET', `/api/courses/${course}/extension-apps`, null)).statusCode).toBe(401);
    expect((await call('GET', '/anonymous-api/courses/999999/extension-apps', null)).statusCode).toBe(404);
  });

  it("are read by visitors of a public course, and by the organisation's people of an org course", async () => {
    await add(publicCourse, { name: 'Open simulator', url: 'https://sim.example.org' });
    await add(publicCourse, {
      name: 'Staff notes',
      url: 'https://notes.example.org',
      visible_to_students: false,
    });
    const visitor = await list(publicCourse, null);
    expect(visitor.extension_apps.map((a) => a.name)).toEqual(['Open simulator']);
    expect(visitor.can_manage).toBe(false);
    // Even the owner's cookie is ignored under /anonymous-api.
    const anonymousOwner = await call('GET', `/anonymous-api/courses/${publicCourse}/extension-apps`, owner);
    expect(anonymousOwner.json<ExtensionAppsResponse>().extension_apps).toHaveLength(1);
    expect((await list(publicCourse, outsider)).extension_apps.map((a) => a.name)).toEqual([
      'Open simulator',
    ]);

    await add(orgCourse, { name: 'Campus tool', url: 'https://tool.example.edu' });
    expect((await list(orgCourse, outsider)).extension_apps).toHaveLength(1);
    expect((await call('GET', `/anonymous-api/courses/${orgCourse}/extension-apps`, null)).statusCode).toBe(
      404,
    );
    expect((await call('GET', `/api/courses/${orgCourse}/extension-apps`, foreignAdmin)).statusCode).toBe(
      404,
    );
  });

  it('refuse addresses that are not web addresses, blank names and a 31st app', async () => {
    for (const url of [
      'javascript:alert(1)',
      'data:text/html,hi',
      'ftp://files.example.edu',
      'lab.example.edu',
    ]) {
      const res = await call('POST', `/api/courses/${course}/extension-apps`, owner, { name: 'Bad', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json<{ errors: Record<string, unknown> }>().errors).toHaveProperty('url');
    }
    const icon = await call('POST', `/api/courses/${course}/extension-apps`, owner, {
      name: 'Bad icon',
      url: 'https://ok.example.edu',
      icon_url: 'javascript:alert(1)',
    });
    expect(icon.json<{ errors: Record<string, unknown> }>().errors).toHaveProperty('icon_url');
    const blank = await call('POST', `/api/courses/${course}/extension-apps`, owner, {
      name: '  ',
      url: 'https://a.example',
    });
    expect(blank.json<{ errors: Record<string, unknown> }>().errors).toHaveProperty('name');
    // The table refuses what the contract would, should anything write around it.
    await expect(
      t.db.execute(
        sql`insert into course_extension_apps (course_id, name, url) values (${course}, 'x', 'javascript:1')`,
      ),
    ).rejects.toThrow();

    const full = (await createCourse(t, orgId, ownerId)).id;
    await t.db.insert(courseExtensionApps).values(
      Array.from({ length: 30 }, (_, i) => ({
        courseId: full,
        name: `App ${i}`,
        url: 'https://a.example',
      })),
    );
    const tooMany = await call('POST', `/api/courses/${full}/extension-apps`, owner, {
      name: 'One more',
      url: 'https://a.example',
    });
    expect(tooMany.statusCode).toBe(409);
  });

  it('are changed and removed by the teaching team only', async () => {
    const app = await add(course, { name: 'Draft', url: 'https://draft.example.edu' });
    const url = `/api/courses/${course}/extension-apps/${app.id}`;
    const body = { name: 'Published', url: 'https://pub.example.edu', visible_to_students: false };
    for (const session of [student, simulating]) {
      expect((await call('PUT', url, session, body)).statusCode).toBe(403);
      expect((await call('DELETE', url, session)).statusCode).toBe(403);
    }
    for (const session of [outsider, otherTeacher, foreignAdmin]) {
      expect((await call('PUT', url, session, body)).statusCode).toBe(404);
      expect((await call('DELETE', url, session)).statusCode).toBe(404);
    }
    expect((await call('POST', `/api/courses/${course}/extension-apps`, student, body)).statusCode).toBe(403);
    expect((await call('POST', `/api/courses/${course}/extension-apps`, otherTeacher, body)).statusCode).toBe(
      403,
    );
    expect((await call('POST', `/api/courses/${course}/extension-apps`, null, body)).statusCode).toBe(401);
    // An app addressed through another course is not found there.
    expect(
      (await call('PUT', `/api/courses/${publicCourse}/extension-apps/${app.id}`, owner, body)).statusCode,
    ).toBe(404);

    const changed = await call('PUT', url, assistant, body);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      name: 'Published',
      url: 'https://pub.example.edu',
      visible_to_students: false,
    });
    expect((await list(course, student)).extension_apps.map((a) => a.name)).not.toContain('Published');

    expect((await call('DELETE', url, admin)).statusCode).toBe(200);
    expect(await t.db.select().from(courseExtensionApps).where(eq(courseExtensionApps.id, app.id))).toEqual(
      [],
    );
    expect((await call('DELETE', url, owner)).statusCode).toBe(404);
  });

  it('give the address to open through GET /api/external-resource/{rid}/preview-url to those who see the app', async () => {
    const { extension_apps } = await list(course, owner);
    const lab = extension_apps.find((a) => a.name === 'Virtual lab')!;
    const hidden = extension_apps.find((a) => a.name === 'Answer key')!;
    const previewUrl = (id: number, session: Session | null) =>
      call('GET', `/api/external-resource/${id}/preview-url`, session);
    for (const session of [owner, assistant, admin, student, simulating]) {
      const res = await previewUrl(lab.id, session);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ url: LAB.url, name: 'Virtual lab' });
    }
    expect((await previewUrl(hidden.id, owner)).json()).toMatchObject({ url: 'http://keys.example.edu' });
    expect((await previewUrl(hidden.id, student)).statusCode).toBe(404);
    expect((await previewUrl(hidden.id, simulating)).statusCode).toBe(404);
    for (const session of [outsider, otherTeacher, foreignAdmin]) {
      expect((await previewUrl(lab.id, session)).statusCode).toBe(404);
    }
    expect((await previewUrl(lab.id, null)).statusCode).toBe(401);
    expect((await previewUrl(999_999, owner)).statusCode).toBe(404);
    // A public course's visible app is opened by anyone signed in.
    const open = (await list(publicCourse, null)).extension_apps[0]!;
    expect((await previewUrl(open.id, outsider)).json()).toMatchObject({ url: 'https://sim.example.org' });
  });
});
