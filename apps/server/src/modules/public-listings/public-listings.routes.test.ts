import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  PublicCourseListResponseSchema,
  type PublicCourseListResponse,
} from '@lectern/contracts/public-listings/public-listings.schemas';
import { courses } from '../../db/schema/courses.ts';
import { coursePublicSettings } from '../../db/schema/public-listings.ts';
import { registerWebApp } from '../../platform/http/web.plugin.ts';
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
import { publicPageMeta } from './public-page-meta.ts';

let t: TestApp;
let orgId: number;
let otherOrgId: number;
let teacher: Session;
let student: Session;
let admin: Session;
let outsiderOfOtherOrg: Session;
let publicId: number;
let orgScopedId: number;
let privateId: number;
let otherOrgPublicId: number;
let scriptId: number;
let classificationId: number;

beforeAll(async () => {
  t = await createTestApp({}, process.env.PL_DEBUG ? { logStream: process.stderr } : {});
  orgId = (await createOrg(t)).id;
  otherOrgId = (await createOrg(t)).id;
  const owner = await createUser(t, orgId, {
    name: 'Ada Lovelace',
    avatarSmallUrl: 'https://img.test/ada.png',
  });
  const learner = await createUser(t, orgId);
  const boss = await createUser(t, orgId, { orgRole: 'admin' });
  const foreigner = await createUser(t, otherOrgId);
  teacher = await loginAs(t, owner);
  student = await loginAs(t, learner);
  admin = await loginAs(t, boss);
  outsiderOfOtherOrg = await loginAs(t, foreigner);

  const created = await t.app.inject({
    method: 'POST',
    url: '/api/course-classifications',
    headers: admin.headers,
    payload: { name: 'Mathematics', sort: 1 },
  });
  expect(created.statusCode, created.body).toBe(201);
  classificationId = created.json<{ id: number }>().id;

  const pub = await createCourse(t, orgId, owner.id, {
    name: 'Algebra',
    displayName: 'Linear Algebra',
    publicScope: 'public',
    startDate: '2000-01-01',
    cover: 'https://img.test/algebra.png',
  });
  publicId = pub.id;
  const m1 = await createModule(t, publicId);
  await createSyllabus(t, publicId, m1.id);
  await createSyllabus(t, publicId, m1.id);
  await createModule(t, publicId);
  await createActivity(t, { courseId: publicId, moduleId: m1.id, createdBy: owner.id, title: 'Vectors' });
  await createActivity(t, { courseId: publicId, moduleId: m1.id, createdBy: owner.id, published: false });
  await addMember(t, publicId, learner.id, ['student']);
  orgScopedId = (await createCourse(t, orgId, owner.id, { name: 'Org only 100%', publicScope: 'org' })).id;
  privateId = (await createCourse(t, orgId, owner.id, { name: 'Secret' })).id;
  otherOrgPublicId = (
    await createCourse(t, otherOrgId, foreigner.id, {
      name: 'Elsewhere',
      publicScope: 'public',
      startDate: '2999-01-01',
    })
  ).id;
  scriptId = (
    await createCourse(t, orgId, owner.id, {
      name: '</title><script>alert(1)</script>',
      publicScope: 'public',
    })
  ).id;
});
afterAll(async () => t.close());

async function get(url: string, session?: Session) {
  return t.app.inject({ method: 'GET', url, ...(session ? { headers: session.headers } : {}) });
}

async function listIds(url: string, session?: Session): Promise<number[]> {
  const res = await get(url, session);
  expect(res.statusCode, res.body).toBe(200);
  return PublicCourseListResponseSchema.parse(res.json()).courses.map((c) => c.id);
}

describe('public course list', () => {
  it('shows anonymous visitors only public courses, under both prefixes, newest first', async () => {
    const expected = [scriptId, otherOrgPublicId, publicId];
    expect(await listIds('/anonymous-api/courses/public')).toEqual(expected);
    expect(await listIds('/api/courses/public')).toEqual(expected);
  });

  it('adds org-scoped courses of their own organisation for signed-in members, never under anonymous-api', async () => {
    const mine = await listIds('/api/courses/public', student);
    expect(mine).toContain(orgScopedId);
    expect(mine).not.toContain(privateId);
    expect(await listIds('/api/courses/public', outsiderOfOtherOrg)).not.toContain(orgScopedId);
    expect(await listIds('/anonymous-api/courses/public', student)).not.toContain(orgScopedId);
  });

  it('sends the card fields with real counts', async () => {
    const res = await get('/anonymous-api/courses/public');
    const card = res.json<PublicCourseListResponse>().courses.find((c) => c.id === publicId)!;
    expect(card).toMatchObject({
      display_name: 'Linear Algebra',
      cover: 'https://img.test/algebra.png',
      knowledge_node_count: 0,
      activity_count: 1,
      student_count: 1,
      module_count: 2,
      syllabus_count: 2,
      chapter_count: 4,
      public_scope: 'public',
      paid: false,
      certification_title: null,
      is_started: true,
      air: false,
      instructors: [{ name: 'Ada Lovelace', avatar_small_url: 'https://img.test/ada.png' }],
    });
    const future = res.json<PublicCourseListResponse>().courses.find((c) => c.id === otherOrgPublicId)!;
    expect(future.is_started).toBe(false);
  });

  it('pages and filters by keyword, classification and started, as query names or conditions', async () => {
    const page = await get('/anonymous-api/courses/public?page=2&page_size=2');
    expect(page.json()).toMatchObject({ page: 2, page_size: 2, total: 3, pages: 2 });
    expect(page.json<PublicCourseListResponse>().courses.map((c) => c.id)).toEqual([publicId]);
    const beyond = await get('/anonymous-api/courses/public?page=9&page_size=2');
    expect(beyond.json()).toMatchObject({ total: 3, courses: [] });

    expect(await listIds('/anonymous-api/courses/public?keyword=LINEAR')).toEqual([publicId]);
    // A keyword is a plain substring: `%` matches only a percent sign.
    expect(await listIds('/anonymous-api/courses/public?keyword=%25')).toEqual([]);
    expect(await listIds('/api/courses/public?keyword=100%25', student)).toEqual([orgScopedId]);
    expect(await listIds('/anonymous-api/courses/public?is_started=0')).toEqual([otherOrgPublicId]);
    const conditions = encodeURIComponent(JSON.stringify({ keyword: 'algebra' }));
    expect(await listIds(`/anonymous-api/courses/public?conditions=${conditions}`)).toEqual([publicId]);

    const saved = await t.app.inject({
      method: 'PUT',
      url: `/api/courses/${publicId}/public-settings`,
      headers: teacher.headers,
      payload: {
        public_scope: 'public',
        classification_id: classificationId,
        sign_up_charge_amount: 12.5,
        certification_title: 'Certified algebraist',
        credit_state: 'air',
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await listIds(`/anonymous-api/courses/public?classification_id=${classificationId}`)).toEqual([
      publicId,
    ]);
    const card = (await get('/anonymous-api/courses/public'))
      .json<PublicCourseListResponse>()
      .courses.find((c) => c.id === publicId)!;
    expect(card).toMatchObject({
      paid: true,
      sign_up_charge_amount: '12.50',
      certification_title: 'Certified algebraist',
      air: true,
      classification_id: classificationId,
    });
  });

  it('refuses bad paging and keywords with field errors', async () => {
    for (const query of ['page=0', 'page_size=101', 'classification_id=x', `keyword=${'k'.repeat(101)}`]) {
      const res = await get(`/anonymous-api/courses/public?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json<{ errors: object }>().errors).toBeTruthy();
    }
  });

  it('counts public courses and their students', async () => {
    expect((await get('/anonymous-api/courses/public/stats')).json()).toEqual({
      course_count: 3,
      student_count: 1,
    });
    expect((await get('/api/courses/public/stats', student)).json()).toMatchObject({ course_count: 4 });
  });
});

describe('public course details', () => {
  it('reads a public course, its outline and its published catalogue anonymously', async () => {
    const detail = await get(`/anonymous-api/courses/${publicId}`);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json()).toMatchObject({
      id: publicId,
      name: 'Algebra',
      modules: [{ syllabuses: [{}, {}] }, {}],
    });
    const outline = await get(`/anonymous-api/courses/${publicId}/outline`);
    expect(outline.json<{ modules: unknown[] }>().modules).toHaveLength(2);
    const catalog = await get(`/anonymous-api/courses/${publicId}/catalog-activities`);
    expect(catalog.json<{ activities: { title: string }[] }>().activities.map((a) => a.title)).toEqual([
      'Vectors',
    ]);
  });

  it('answers a private or org-scoped course exactly like a missing one', async () => {
    const missing = await get('/anonymous-api/courses/999999', student);
    expect(missing.statusCode).toBe(404);
    const shape = (body: string) => {
      const { request_id: _ignored, ...rest } = JSON.parse(body) as Record<string, unknown>;
      return rest;
    };
    for (const id of [privateId, orgScopedId]) {
      for (const suffix of ['', '/outline', '/catalog-activities']) {
        const res = await get(`/anonymous-api/courses/${id}${suffix}`, student);
        expect(res.statusCode, `${id}${suffix}`).toBe(404);
        expect(shape(res.body)).toEqual(shape(missing.body));
      }
    }
  });
});

describe('classifications', () => {
  it('lists the organisation of the caller, or the portal organisation for visitors', async () => {
    expect((await get('/anonymous-api/course-classifications')).json()).toEqual({
      classifications: [{ id: classificationId, name: 'Mathematics', sort: 1 }],
    });
    expect((await get('/api/course-classifications', outsiderOfOtherOrg)).json()).toEqual({
      classifications: [],
    });
    expect((await get('/api/curriculum-classifications')).json()).toEqual({ classifications: [] });
  });

  it('lets only administrators write them, refuses duplicate names and clears courses on delete', async () => {
    const byTeacher = await t.app.inject({
      method: 'POST',
      url: '/api/course-classifications',
      headers: teacher.headers,
      payload: { name: 'Art' },
    });
    expect(byTeacher.statusCode).toBe(403);
    const dup = await t.app.inject({
      method: 'POST',
      url: '/api/course-classifications',
      headers: admin.headers,
      payload: { name: 'Mathematics' },
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json<{ errors: Record<string, string[]> }>().errors.name).toHaveLength(1);
    const blank = await t.app.inject({
      method: 'POST',
      url: '/api/course-classifications',
      headers: admin.headers,
      payload: { name: '  ' },
    });
    expect(blank.statusCode).toBe(400);

    const art = await t.app.inject({
      method: 'POST',
      url: '/api/course-classifications',
      headers: admin.headers,
      payload: { name: 'Art' },
    });
    const artId = art.json<{ id: number }>().id;
    const renamed = await t.app.inject({
      method: 'PUT',
      url: `/api/course-classifications/${artId}`,
      headers: admin.headers,
      payload: { name: 'Fine art', sort: 3 },
    });
    expect(renamed.json()).toEqual({ id: artId, name: 'Fine art', sort: 3 });
    await t.db.update(courses).set({ classificationId: artId }).where(eq(courses.id, scriptId));
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/course-classifications/${artId}`,
      headers: admin.headers,
    });
    expect(removed.statusCode).toBe(200);
    const [row] = await t.db.select().from(courses).where(eq(courses.id, scriptId));
    expect(row!.classificationId).toBeNull();
  });
});

describe('course public settings', () => {
  it('is the teaching team’s, validated', async () => {
    const read = await get(`/api/courses/${publicId}/public-settings`, student);
    expect(read.statusCode).toBe(403);
    const bad = await t.app.inject({
      method: 'PUT',
      url: `/api/courses/${privateId}/public-settings`,
      headers: teacher.headers,
      payload: {
        public_scope: 'everyone',
        classification_id: null,
        sign_up_charge_amount: -1,
        certification_title: null,
        credit_state: null,
      },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json<{ errors: object }>().errors).sort()).toEqual([
      'public_scope',
      'sign_up_charge_amount',
    ]);
    const foreignClassification = await t.app.inject({
      method: 'PUT',
      url: `/api/courses/${privateId}/public-settings`,
      headers: teacher.headers,
      payload: {
        public_scope: 'private',
        classification_id: 999999,
        sign_up_charge_amount: null,
        certification_title: null,
        credit_state: null,
      },
    });
    expect(foreignClassification.statusCode).toBe(400);
    const mine = await get(`/api/courses/${publicId}/public-settings`, teacher);
    expect(mine.json()).toEqual({
      public_scope: 'public',
      classification_id: classificationId,
      sign_up_charge_amount: 12.5,
      certification_title: 'Certified algebraist',
      credit_state: 'air',
      public_typical_mistakes: false,
    });
    const [stored] = await t.db
      .select()
      .from(coursePublicSettings)
      .where(eq(coursePublicSettings.courseId, publicId));
    expect(stored!.signUpChargeAmount).toBe('12.50');
  });
});

describe('curriculums', () => {
  let curriculumId: number;
  let privateCurriculumId: number;

  it('are created by administrators with courses of their organisation only', async () => {
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/api/curriculums',
      headers: admin.headers,
      payload: { name: 'Path', public_scope: 'public', course_ids: [otherOrgPublicId] },
    });
    expect(foreign.statusCode).toBe(400);
    const badCover = await t.app.inject({
      method: 'POST',
      url: '/api/curriculums',
      headers: admin.headers,
      payload: { name: 'Path', cover: 'javascript:alert(1)' },
    });
    expect(badCover.statusCode).toBe(400);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/curriculums',
      headers: admin.headers,
      payload: {
        name: 'Maths path',
        public_scope: 'public',
        start_date: '2001-01-01',
        course_ids: [privateId, publicId],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json(), created.body).toMatchObject({
      course_ids: [privateId, publicId],
      course_count: 2,
    });
    curriculumId = created.json<{ id: number }>().id;
    const hidden = await t.app.inject({
      method: 'POST',
      url: '/api/curriculums',
      headers: admin.headers,
      payload: { name: 'Staff path', course_ids: [publicId] },
    });
    privateCurriculumId = hidden.json<{ id: number }>().id;
    const byTeacher = await t.app.inject({
      method: 'POST',
      url: '/api/curriculums',
      headers: teacher.headers,
      payload: { name: 'Mine' },
    });
    expect(byTeacher.statusCode).toBe(403);
  });

  it('are listed and read by anyone when public, with only their readable courses', async () => {
    const list = await get('/anonymous-api/curriculums');
    expect(list.json()).toMatchObject({ total: 1, curriculums: [{ id: curriculumId, is_started: true }] });
    const detail = await get(`/anonymous-api/curriculum/${curriculumId}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json<{ courses: { id: number }[] }>().courses.map((c) => c.id)).toEqual([publicId]);
    expect((await get('/anonymous-api/curriculums/stats')).json()).toEqual({
      curriculum_count: 1,
      student_count: 1,
    });
    const missing = await get('/anonymous-api/curriculum/999999', student);
    const denied = await get(`/api/curriculum/${privateCurriculumId}`, student);
    expect(denied.statusCode).toBe(404);
    expect(denied.json<{ message: string }>().message).toBe(missing.json<{ message: string }>().message);
    expect(
      (await get('/api/curriculums/all', admin)).json<{ curriculums: unknown[] }>().curriculums,
    ).toHaveLength(2);
  });

  it('are edited and deleted by administrators of their organisation', async () => {
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/curriculum/${curriculumId}`,
      headers: admin.headers,
      payload: {
        name: 'Maths path 2',
        public_scope: 'public',
        course_ids: [publicId],
        credit_state: 'credit_bank',
      },
    });
    // The administrator's view carries the stored credit state, so the dialog can send it back as is.
    expect(edited.json()).toMatchObject({
      name: 'Maths path 2',
      course_ids: [publicId],
      credit_state: 'credit_bank',
      air: false,
    });
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/curriculum/${privateCurriculumId}`,
      headers: admin.headers,
    });
    expect(deleted.statusCode).toBe(200);
    expect((await get(`/api/curriculum/${privateCurriculumId}`, admin)).statusCode).toBe(404);
  });
});

describe('page meta tags for public pages', () => {
  it('names a public course in the index page, escaped, and nothing for a private one', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'lectern-web-'));
    writeFileSync(
      path.join(root, 'index.html'),
      '<!doctype html><html><head><title>Lectern</title></head><body><div id="root"></div></body></html>',
    );
    const web = Fastify();
    await registerWebApp(
      web,
      root,
      publicPageMeta({ config: t.config, db: t.db, storage: t.storage, log: t.app.log }),
    );
    try {
      const course = await web.inject({
        method: 'GET',
        url: `/course/${publicId}`,
        headers: { accept: 'text/html' },
      });
      expect(course.body).toContain('<title>Linear Algebra</title>');
      expect(course.body).toContain('<meta property="og:title" content="Linear Algebra">');
      expect(course.body).toContain('<meta property="og:image" content="https://img.test/algebra.png">');
      expect(course.body).toContain('Ada Lovelace');

      const script = await web.inject({ method: 'GET', url: `/course/${scriptId}/content` });
      expect(script.body).not.toContain('<script>alert(1)</script>');
      expect(script.body).toContain('<title>&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;</title>');
      expect(script.body.match(/<title>/g)).toHaveLength(1);

      for (const id of [privateId, orgScopedId, 999999]) {
        const hidden = await web.inject({ method: 'GET', url: `/course/${id}` });
        expect(hidden.body).toContain('<title>Lectern</title>');
        expect(hidden.body).not.toContain('og:title');
      }
      const anonymousApi = await web.inject({ method: 'GET', url: '/anonymous-api/nothing' });
      expect(anonymousApi.statusCode).toBe(404);
    } finally {
      await web.close();
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('reviews and joining as a visitor sees them', () => {
  it('reads a public course’s reviews and replies with nothing editable, and whether it can be joined', async () => {
    const post = (session: Session, url: string, payload: object) =>
      t.app.inject({ method: 'POST', url, headers: session.headers, payload });
    const created = await post(student, '/api/course-estimate', {
      course_id: publicId,
      score: 4,
      content: 'Clear and well paced',
    });
    expect(created.statusCode, created.body).toBe(201);
    const estimateId = created.json<{ estimate: { id: number } }>().estimate.id;
    const replied = await post(teacher, '/api/course-estimate-reply', {
      estimate_id: estimateId,
      content: 'Thank you',
    });
    expect(replied.statusCode, replied.body).toBe(201);

    // Signed in as the author, the anonymous prefix still answers as to a visitor.
    const list = await get(`/anonymous-api/course-estimates/${publicId}?page=1&page_size=10`, student);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toMatchObject({
      total: 1,
      average_score: 4,
      my_estimate: null,
      can_create: false,
      estimates: [{ id: estimateId, content: 'Clear and well paced', can_edit: false, can_delete: false }],
    });
    const replies = await get(`/anonymous-api/course-estimates-replies/${publicId}`);
    expect(replies.statusCode, replies.body).toBe(200);
    expect(replies.json<{ replies: Record<string, { content: string }[]> }>().replies).toEqual({
      [String(estimateId)]: [expect.objectContaining({ content: 'Thank you' })],
    });

    const closed = await get(`/anonymous-api/course/${publicId}/registration-state`);
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json()).toMatchObject({ registration_state: 'not_open', can_join: false });
    const opened = await t.app.inject({
      method: 'PUT',
      url: `/api/course/${publicId}/registration-settings`,
      headers: teacher.headers,
      payload: { enabled: true, capacity: 50 },
    });
    expect(opened.statusCode, opened.body).toBe(200);
    const open = await get(`/anonymous-api/course/${publicId}/registration-state`, student);
    expect(open.headers['cache-control']).toBe('no-store');
    // A visitor is nobody's member: even the enrolled student reads the course as open to join.
    expect(open.json()).toMatchObject({
      registration_state: 'open',
      can_join: true,
      student_count: 1,
      settings: { enabled: true, capacity: 50 },
    });
  });

  it('reads the hot topics of a public course’s published forums, with no author', async () => {
    const moduleId = (await createModule(t, publicId)).id;
    const forum = await createActivity(t, {
      courseId: publicId,
      moduleId,
      createdBy: teacher.userId,
      type: 'forum',
    });
    const posted = await t.app.inject({
      method: 'POST',
      url: `/api/activities/${forum.id}/comments`,
      headers: student.headers,
      payload: { content: 'Who wants to study together?', title: 'Study group' },
    });
    expect(posted.statusCode, posted.body).toBe(201);
    const signedIn = await get(`/api/studio/${publicId}/hot-topics`, teacher);
    expect(
      signedIn.json<{ hot_topics: { created_by: unknown }[] }>().hot_topics[0]?.created_by,
    ).not.toBeNull();

    const res = await get(`/anonymous-api/studio/${publicId}/hot-topics`, student);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      hot_topics: [
        expect.objectContaining({
          title: 'Study group',
          content: 'Who wants to study together?',
          created_by: null,
          receiver: { id: forum.id, title: forum.title },
        }),
      ],
    });
  });

  it('answers a private or org-scoped course’s reviews, registration and hot topics exactly like a missing one', async () => {
    const shape = (body: string) => {
      const { request_id: _ignored, ...rest } = JSON.parse(body) as Record<string, unknown>;
      return rest;
    };
    for (const path of [
      'course-estimates/:id',
      'course-estimates-replies/:id',
      'course/:id/registration-state',
      'studio/:id/hot-topics',
    ]) {
      const missing = await get(`/anonymous-api/${path.replace(':id', '999999')}`, student);
      expect(missing.statusCode, path).toBe(404);
      for (const id of [privateId, orgScopedId]) {
        const res = await get(`/anonymous-api/${path.replace(':id', String(id))}`, student);
        expect(res.statusCode, `${path} ${id}`).toBe(404);
        expect(shape(res.body)).toEqual(shape(missing.body));
      }
    }
  });
});

describe('outline and catalogue under /api', () => {
  it('are read by a course’s members even when it is private, and by anyone it is listed for', async () => {
    const privateModule = await createModule(t, privateId);
    await createActivity(t, {
      courseId: privateId,
      moduleId: privateModule.id,
      createdBy: teacher.userId,
      title: 'Hidden notes',
    });
    const outline = await get(`/api/courses/${privateId}/outline`, teacher);
    expect(outline.statusCode, outline.body).toBe(200);
    expect(outline.json()).toMatchObject({ id: privateId, modules: [{ id: privateModule.id }] });
    const catalog = await get(`/api/courses/${privateId}/catalog-activities`, admin);
    expect(catalog.statusCode, catalog.body).toBe(200);
    expect(catalog.json<{ activities: { title: string }[] }>().activities.map((a) => a.title)).toEqual([
      'Hidden notes',
    ]);

    expect((await get(`/api/courses/${orgScopedId}/outline`, student)).statusCode).toBe(200);
    expect((await get(`/api/courses/${publicId}/catalog-activities`, outsiderOfOtherOrg)).statusCode).toBe(
      200,
    );
    expect((await get(`/api/courses/${publicId}/outline`)).statusCode).toBe(401);
  });

  it('answer anyone else exactly like a missing course', async () => {
    const shape = (body: string) => {
      const { request_id: _ignored, ...rest } = JSON.parse(body) as Record<string, unknown>;
      return rest;
    };
    for (const suffix of ['/outline', '/catalog-activities']) {
      const missing = await get(`/api/courses/999999${suffix}`, student);
      expect(missing.statusCode).toBe(404);
      for (const [id, session] of [
        [privateId, student],
        [orgScopedId, outsiderOfOtherOrg],
      ] as const) {
        const res = await get(`/api/courses/${id}${suffix}`, session);
        expect(res.statusCode, `${id}${suffix}`).toBe(404);
        expect(shape(res.body)).toEqual(shape(missing.body));
      }
    }
  });
});
