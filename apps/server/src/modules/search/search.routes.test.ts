import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SearchResponseSchema, type SearchResponse } from '@lectern/contracts/search/search.schemas';
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
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let student: Session;
let teacher: Session;
let simulating: Session;
let outsider: Session;
let algebraId: number;

beforeAll(async () => {
  t = await createTestApp();
  const orgId = (await createOrg(t)).id;
  const teacherUser = await createUser(t, orgId);
  const me = await createUser(t, orgId);
  const stranger = await createUser(t, orgId);
  const algebra = await createCourse(t, orgId, teacherUser.id, {
    name: 'Linear Algebra',
    courseCode: 'MATH-201',
  });
  algebraId = algebra.id;
  const stats = await createCourse(t, orgId, teacherUser.id, {
    name: 'Statistics',
    displayName: 'Algebraic Statistics',
  });
  const hidden = await createCourse(t, orgId, teacherUser.id, { name: 'Algebra for teachers only' });
  await addMember(t, algebra.id, me.id, ['student']);
  await addMember(t, stats.id, me.id, ['student']);
  const add = async (courseId: number, title: string, published = true) =>
    createActivity(t, {
      courseId,
      moduleId: (await createModule(t, courseId)).id,
      createdBy: teacherUser.id,
      title,
      published,
    });
  await add(algebra.id, 'Algebra homework 1');
  await add(algebra.id, 'Algebra exam (draft)', false);
  await add(stats.id, 'Boolean algebra quiz');
  await add(stats.id, 'Reading list');
  await add(hidden.id, 'Algebra answers');
  await add(algebra.id, '100% done_check');

  student = await loginAs(t, me);
  teacher = await loginAs(t, teacherUser);
  simulating = await loginAs(t, teacherUser, { simulatingCourseId: algebra.id });
  outsider = await loginAs(t, stranger);
});
afterAll(async () => t.close());

async function search(session: Session, query: Record<string, string | number>): Promise<SearchResponse> {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/search',
    query: stringify(query),
    headers: session.headers,
  });
  expect(res.statusCode).toBe(200);
  return SearchResponseSchema.parse(res.json());
}

function stringify(query: Record<string, string | number>): Record<string, string> {
  return Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)]));
}

const hits = (page: SearchResponse) => page.items.map((hit) => `${hit.kind}:${hit.title}`);

describe('GET /api/search', () => {
  it('finds a student’s courses, then the published activities of those courses, by name', async () => {
    const page = await search(student, { keyword: 'ALGEBRA' });
    expect(hits(page)).toEqual([
      'course:Algebraic Statistics',
      'course:Linear Algebra',
      'activity:Algebra homework 1',
      'activity:Boolean algebra quiz',
    ]);
    expect(page.total).toBe(4);
    expect(page.items[2]).toMatchObject({
      course_id: algebraId,
      course_name: 'Linear Algebra',
      course_code: 'MATH-201',
      activity_type: 'material',
      published: true,
    });
  });

  it('matches course codes', async () => {
    expect(hits(await search(student, { keyword: 'math-2' }))).toEqual(['course:Linear Algebra']);
  });

  it('shows the teaching team its drafts and its other courses, marked unpublished', async () => {
    const page = await search(teacher, { keyword: 'algebra' });
    expect(hits(page)).toContain('activity:Algebra exam (draft)');
    expect(hits(page)).toContain('course:Algebra for teachers only');
    expect(page.items.find((hit) => hit.title === 'Algebra exam (draft)')?.published).toBe(false);
  });

  it('hides drafts from an instructor viewing the course as a student', async () => {
    expect(hits(await search(simulating, { keyword: 'algebra' }))).not.toContain(
      'activity:Algebra exam (draft)',
    );
  });

  it('finds nothing in courses the caller is not in', async () => {
    const page = await search(outsider, { keyword: 'algebra' });
    expect(page.items).toEqual([]);
    expect(page.total).toBe(0);
  });

  it('pages across courses and activities', async () => {
    const first = await search(student, { keyword: 'algebra', page: 1, page_size: 3 });
    const second = await search(student, { keyword: 'algebra', page: 2, page_size: 3 });
    expect(hits(first)).toEqual([
      'course:Algebraic Statistics',
      'course:Linear Algebra',
      'activity:Algebra homework 1',
    ]);
    expect(hits(second)).toEqual(['activity:Boolean algebra quiz']);
    expect(second).toMatchObject({ page: 2, page_size: 3, pages: 2, total: 4 });
  });

  it('takes % and _ literally', async () => {
    expect(hits(await search(student, { keyword: '100%' }))).toEqual(['activity:100% done_check']);
    expect(hits(await search(student, { keyword: '_' }))).toEqual(['activity:100% done_check']);
  });

  it('finds nothing for a blank keyword', async () => {
    for (const keyword of ['', '   ']) {
      const page = await search(student, { keyword });
      expect(page).toMatchObject({ items: [], total: 0 });
    }
    expect((await search(student, {})).items).toEqual([]);
  });

  it('refuses a keyword with a NUL character or over the length limit, on the field', async () => {
    const nul = await t.app.inject({
      method: 'GET',
      url: '/api/search?keyword=alg%00ebra',
      headers: student.headers,
    });
    expect(nul.statusCode).toBe(400);
    expect(Object.keys(nul.json().errors)).toEqual(['keyword']);

    const long = await t.app.inject({
      method: 'GET',
      url: `/api/search?keyword=${'a'.repeat(101)}`,
      headers: student.headers,
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().errors.keyword).toEqual(['The search can have at most 100 characters.']);
  });

  it('needs a signed-in user', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/search?keyword=a' })).statusCode).toBe(401);
  });
});
