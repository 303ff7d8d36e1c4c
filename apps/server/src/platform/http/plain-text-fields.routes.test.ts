import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courses } from '../../db/schema/courses.ts';
import { comments } from '../../db/schema/discussions.ts';
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

/** Titles and names are plain text when stored; a course cover only ever names a picture. */
let t: TestApp;
let courseId: number;
let forumId: number;
let moduleId: number;
let teacher: Session;
let student: Session;

beforeAll(async () => {
  t = await createTestApp();
  const orgId = (await createOrg(t)).id;
  const teacherUser = await createUser(t, orgId, { orgRole: 'admin' });
  const studentUser = await createUser(t, orgId);
  courseId = (await createCourse(t, orgId, teacherUser.id)).id;
  await addMember(t, courseId, studentUser.id, ['student']);
  moduleId = (await createModule(t, courseId)).id;
  forumId = (await createActivity(t, { courseId, moduleId, createdBy: teacherUser.id, type: 'forum' })).id;
  teacher = await loginAs(t, teacherUser);
  student = await loginAs(t, studentUser);
});
afterAll(async () => t.close());

const call = (session: Session, method: 'POST' | 'PUT', url: string, payload: object) =>
  t.app.inject({ method, url, headers: session.headers, payload });

async function storedTitle(commentId: number) {
  const [row] = await t.db.select({ title: comments.title }).from(comments).where(eq(comments.id, commentId));
  return row?.title;
}

describe('forum topic titles', () => {
  it('are stored without markup, on create and on edit', async () => {
    const created = await call(student, 'POST', `/api/activities/${forumId}/comments`, {
      content: 'Body',
      title: '<script>alert(1)</script><b>Week 3</b> <img src=x onerror=alert(1)>questions',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().title).toBe('Week 3 questions');
    const id = created.json().id as number;
    expect(await storedTitle(id)).toBe('Week 3 questions');

    const edited = await call(student, 'PUT', `/api/comments/${id}`, {
      content: 'Body',
      title: 'Revised <a href="javascript:x">link</a> <scr<b>ipt>x',
    });
    expect(edited.statusCode).toBe(200);
    const title = await storedTitle(id);
    expect(title).not.toMatch(/<[a-z/!?]/i);
    expect(title).toMatch(/^Revised link/);
  });

  it('keep a plain comparison and ampersands as typed', async () => {
    const created = await call(student, 'POST', `/api/activities/${forumId}/comments`, {
      content: 'Body',
      title: 'Is 3 < 5 & 5 > 3?',
    });
    expect(created.json().title).toBe('Is 3 < 5 & 5 > 3?');
  });

  it('still count as missing when only markup was sent', async () => {
    const created = await call(student, 'POST', `/api/activities/${forumId}/comments`, {
      content: 'Body',
      title: '<b></b>',
    });
    expect(created.statusCode).toBe(201);
    expect(await storedTitle(created.json().id)).toBeNull();
  });
});

describe('course names and covers', () => {
  it('stores a course name without markup', async () => {
    const res = await call(teacher, 'PUT', `/api/courses/${courseId}`, { name: '<i>Data</i> structures' });
    expect(res.statusCode).toBe(200);
    const [row] = await t.db.select({ name: courses.name }).from(courses).where(eq(courses.id, courseId));
    expect(row?.name).toBe('Data structures');
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=',
    'vbscript:x',
    '//evil.example/a.png',
    '/api/uploads/../../api/org/users',
    'https:/missing-slash',
  ])('refuses %s as a cover', async (cover) => {
    const res = await call(teacher, 'PUT', `/api/courses/${courseId}`, { cover });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.cover).toEqual([
      'The cover must be an http:// or https:// address, or a picture uploaded here.',
    ]);
  });

  it.each(['https://cdn.example.edu/covers/ds.png', 'http://example.edu/a.jpg', '/api/uploads/12/blob'])(
    'takes %s as a cover',
    async (cover) => {
      const res = await call(teacher, 'PUT', `/api/courses/${courseId}`, { cover });
      expect(res.statusCode).toBe(200);
      const [row] = await t.db.select({ cover: courses.cover }).from(courses).where(eq(courses.id, courseId));
      expect(row?.cover).toBe(cover);
    },
  );

  it('does not show a cover stored before addresses were checked', async () => {
    await t.db.update(courses).set({ cover: 'javascript:alert(1)' }).where(eq(courses.id, courseId));
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/courses/${courseId}`,
      headers: teacher.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().cover).toBeNull();
  });
});

describe('activity and question-library titles', () => {
  it('stores an activity title without markup', async () => {
    const res = await call(teacher, 'POST', `/api/courses/${courseId}/activities`, {
      module_id: moduleId,
      type: 'page',
      title: '<img src=x onerror=alert(1)>Week <b>4</b> reading',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().title).toBe('Week 4 reading');
  });

  it('refuses an activity title that was only markup', async () => {
    const res = await call(teacher, 'POST', `/api/courses/${courseId}/activities`, {
      module_id: moduleId,
      type: 'page',
      title: '<script>alert(1)</script>',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.title).toBeDefined();
  });

  it('stores a question-library title without markup', async () => {
    const res = await call(teacher, 'POST', '/api/subject-libs', { title: '<i>Final</i> bank' });
    expect(res.statusCode).toBe(201);
    expect(res.json().title).toBe('Final bank');
  });
});
