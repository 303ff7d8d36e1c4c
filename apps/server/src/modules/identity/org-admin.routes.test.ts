import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { departments } from '../../db/schema/identity.ts';
import { uploadReferences } from '../../db/schema/uploads.ts';
import {
  createAcademicYear,
  createCourse,
  createDepartment,
  createOrg,
  createSemester,
  createUpload,
  createUser,
  loginAs,
  type Session,
} from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { PORTAL_LOGO_PARENT } from './org-admin.repository.ts';

let t: TestApp;
let orgId: number;
let admin: Session;
let adminId: number;
let instructor: Session;
let student: Session;
let outsider: Session;

type Call = { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: unknown };
const as = (session: Session, call: Call) =>
  t.app.inject({ ...call, headers: session.headers, payload: call.payload as never });

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

beforeAll(async () => {
  t = await createTestApp();
  orgId = (await createOrg(t)).id;
  const adminUser = await createUser(t, orgId, { orgRole: 'admin' });
  adminId = adminUser.id;
  admin = await loginAs(t, adminUser);
  const teacher = await createUser(t, orgId);
  await createCourse(t, orgId, teacher.id);
  instructor = await loginAs(t, teacher);
  student = await loginAs(t, await createUser(t, orgId));
  const otherOrg = await createOrg(t);
  outsider = await loginAs(t, await createUser(t, otherOrg.id, { orgRole: 'admin' }));
});
afterAll(async () => t.close());

const FEATURES = {
  h5_courseware_completeness: true,
  markdown: { enable: true, default_active: false },
  vocabulary: true,
  editor_activity_refer: false,
  ai: true,
};

describe('organisation feature switches', () => {
  it('shows defaults in GET /api/org before anything is saved, keeping the stored settings', async () => {
    const res = await as(student, { method: 'GET', url: '/api/org' });
    expect(res.statusCode).toBe(200);
    expect(res.json().settings).toMatchObject({
      h5_courseware_completeness: false,
      markdown: { enable: false, default_active: false },
      vocabulary: false,
      editor_activity_refer: true,
      ai: false,
    });
  });

  it('lets an org admin save them, and every member then reads them in GET /api/org', async () => {
    const put = await as(admin, { method: 'PUT', url: `/api/orgs/${orgId}/settings`, payload: FEATURES });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual(FEATURES);
    const org = await as(student, { method: 'GET', url: '/api/org' });
    expect(org.json().settings).toMatchObject(FEATURES);
  });

  it('refuses instructors and students (403), and another organisation (404)', async () => {
    for (const session of [instructor, student]) {
      const res = await as(session, { method: 'PUT', url: `/api/orgs/${orgId}/settings`, payload: FEATURES });
      expect(res.statusCode).toBe(403);
    }
    const res = await as(outsider, { method: 'PUT', url: `/api/orgs/${orgId}/settings`, payload: FEATURES });
    expect(res.statusCode).toBe(404);
  });

  it('answers defaults for live-record settings', async () => {
    const res = await as(student, { method: 'GET', url: `/api/orgs/${orgId}/live-record-settings` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      allow_download_recordings: false,
      retention_days: 0,
      protect_cloud_recordings: false,
    });
  });
});

describe('portal logo', () => {
  it('is null before one is set, even for visitors who are not signed in', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/portal-logo' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ url: null, upload_id: null });
  });

  it('takes a PNG the admin uploaded, keeps it from the orphan sweep and serves it publicly', async () => {
    const upload = await createUpload(t, orgId, adminId, {
      name: 'logo.png',
      bytes: PNG,
      mimeType: 'image/png',
      type: 'image',
    });
    const put = await as(admin, {
      method: 'PUT',
      url: `/api/orgs/${orgId}/portal-logo?upload_id=${upload.id}`,
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({ upload_id: upload.id, url: `/api/portal-logo/blob?v=${upload.id}` });
    const refs = await t.db.select().from(uploadReferences).where(eq(uploadReferences.uploadId, upload.id));
    expect(refs).toMatchObject([{ parentType: PORTAL_LOGO_PARENT, parentId: orgId }]);

    const mine = await as(student, { method: 'GET', url: '/api/portal-logo' });
    expect(mine.json().upload_id).toBe(upload.id);
    const blob = await t.app.inject({ method: 'GET', url: '/api/portal-logo/blob' });
    expect(blob.statusCode).toBe(200);
    expect(blob.headers['content-type']).toBe('image/png');
    expect(blob.rawPayload.equals(PNG)).toBe(true);
  });

  it('refuses an SVG with a field error', async () => {
    const svg = await createUpload(t, orgId, adminId, {
      name: 'logo.svg',
      bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      mimeType: 'image/svg+xml',
      type: 'image',
    });
    const res = await as(admin, { method: 'PUT', url: `/api/orgs/${orgId}/portal-logo?upload_id=${svg.id}` });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.upload_id).toHaveLength(1);
  });

  it("refuses someone else's upload, and non-admins", async () => {
    const teacherUpload = await createUpload(t, orgId, (await createUser(t, orgId)).id, {
      bytes: PNG,
      mimeType: 'image/png',
    });
    const res = await as(admin, {
      method: 'PUT',
      url: `/api/orgs/${orgId}/portal-logo?upload_id=${teacherUpload.id}`,
    });
    expect(res.statusCode).toBe(400);
    const byStudent = await as(student, {
      method: 'PUT',
      url: `/api/orgs/${orgId}/portal-logo?upload_id=${teacherUpload.id}`,
    });
    expect(byStudent.statusCode).toBe(403);
  });
});

describe('alert popup', () => {
  it('stores sanitised HTML with a new version stamp, readable by every member', async () => {
    const put = await as(admin, {
      method: 'PUT',
      url: `/api/orgs/${orgId}/alert-popup`,
      payload: {
        enabled: true,
        title: 'Maintenance',
        content: '<p onclick="steal()">Down <b>Sunday</b></p><script>alert(1)</script>',
      },
    });
    expect(put.statusCode).toBe(200);
    const body = put.json();
    expect(body.content).toBe('<p>Down <b>Sunday</b></p>');
    expect(body.updated_at).toEqual(expect.any(String));
    const read = await as(student, { method: 'GET', url: `/api/orgs/${orgId}/alert-popup` });
    expect(read.json()).toEqual(body);
  });

  it('is not exposed in GET /api/org', async () => {
    const org = await as(student, { method: 'GET', url: '/api/org' });
    expect(org.json().settings).not.toHaveProperty('alert_popup');
  });

  it('refuses students and instructors', async () => {
    for (const session of [instructor, student]) {
      const res = await as(session, {
        method: 'PUT',
        url: `/api/orgs/${orgId}/alert-popup`,
        payload: { enabled: false, title: '', content: '' },
      });
      expect(res.statusCode).toBe(403);
    }
  });
});

describe('departments', () => {
  it('creates, renames and deletes an unused department', async () => {
    const created = await as(admin, {
      method: 'POST',
      url: `/api/orgs/${orgId}/departments`,
      payload: { name: '数学系', code: 'math' },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as number;
    const renamed = await as(admin, {
      method: 'PUT',
      url: `/api/orgs/${orgId}/departments/${id}`,
      payload: { name: '数学与统计学院' },
    });
    expect(renamed.json()).toMatchObject({ id, name: '数学与统计学院', code: 'math' });
    // A body naming no field (or only unknown ones) is a change of nothing, not a server error.
    const unchanged = await as(admin, {
      method: 'PUT',
      url: `/api/orgs/${orgId}/departments/${id}`,
      payload: { colour: 'blue' },
    });
    expect(unchanged.statusCode).toBe(200);
    expect(unchanged.json()).toMatchObject({ id, name: '数学与统计学院', code: 'math' });
    const deleted = await as(admin, { method: 'DELETE', url: `/api/orgs/${orgId}/departments/${id}` });
    expect(deleted.statusCode).toBe(200);
    expect(await t.db.select().from(departments).where(eq(departments.id, id))).toEqual([]);
  });

  it('refuses a taken code with a field error', async () => {
    await createDepartment(t, orgId, { code: 'phys' });
    const res = await as(admin, {
      method: 'POST',
      url: `/api/orgs/${orgId}/departments`,
      payload: { name: 'Physics again', code: 'phys' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().errors.code).toHaveLength(1);
  });

  it('refuses to delete a department users are filed under', async () => {
    const dept = await createDepartment(t, orgId);
    await createUser(t, orgId, { departmentId: dept.id });
    const res = await as(admin, { method: 'DELETE', url: `/api/orgs/${orgId}/departments/${dept.id}` });
    expect(res.statusCode).toBe(409);
    expect(await t.db.select().from(departments).where(eq(departments.id, dept.id))).toHaveLength(1);
  });

  it('refuses instructors and students', async () => {
    for (const session of [instructor, student]) {
      const res = await as(session, {
        method: 'POST',
        url: `/api/orgs/${orgId}/departments`,
        payload: { name: 'Nope' },
      });
      expect(res.statusCode).toBe(403);
    }
  });
});

describe('academic years and semesters', () => {
  it('creates a year with a semester, then lists them nested', async () => {
    const year = await as(admin, {
      method: 'POST',
      url: `/api/orgs/${orgId}/academic-years`,
      payload: { name: '2026-2027' },
    });
    expect(year.statusCode).toBe(200);
    const yearId = (year.json().academic_years as { id: number; name: string }[]).find(
      (y) => y.name === '2026-2027',
    )!.id;
    const term = await as(admin, {
      method: 'POST',
      url: `/api/orgs/${orgId}/semesters`,
      payload: {
        academic_year_id: yearId,
        name: '秋季学期',
        start_date: '2026-09-01',
        end_date: '2027-01-20',
      },
    });
    expect(term.statusCode).toBe(200);
    const list = await as(student, { method: 'GET', url: `/api/orgs/${orgId}/academic-years` });
    expect(list.json().academic_years).toContainEqual(
      expect.objectContaining({
        id: yearId,
        semesters: [expect.objectContaining({ name: '秋季学期', start_date: '2026-09-01' })],
      }),
    );
  });

  it('refuses an end date before the start date', async () => {
    const year = await createAcademicYear(t, orgId);
    const res = await as(admin, {
      method: 'POST',
      url: `/api/orgs/${orgId}/semesters`,
      payload: { academic_year_id: year.id, name: 'Bad', start_date: '2026-09-01', end_date: '2026-08-01' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.end_date).toHaveLength(1);
  });

  it('refuses to delete a year or semester a course uses', async () => {
    const year = await createAcademicYear(t, orgId);
    const term = await createSemester(t, orgId, year.id);
    await createCourse(t, orgId, adminId, { semesterId: term.id });
    const delTerm = await as(admin, { method: 'DELETE', url: `/api/orgs/${orgId}/semesters/${term.id}` });
    expect(delTerm.statusCode).toBe(409);
    const delYear = await as(admin, {
      method: 'DELETE',
      url: `/api/orgs/${orgId}/academic-years/${year.id}`,
    });
    expect(delYear.statusCode).toBe(409);
  });

  it('refuses students', async () => {
    const res = await as(student, {
      method: 'POST',
      url: `/api/orgs/${orgId}/academic-years`,
      payload: { name: 'x' },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('admin user list', () => {
  it('marks who teaches, so the list can tell instructors from students', async () => {
    const res = await as(admin, { method: 'GET', url: '/api/org/users?page_size=100' });
    expect(res.statusCode).toBe(200);
    const users = res.json().users as { id: number; teaches: boolean }[];
    const teacherId = instructor.userId;
    expect(users.find((u) => u.id === teacherId)?.teaches).toBe(true);
    expect(users.find((u) => u.id === student.userId)?.teaches).toBe(false);
  });
});
