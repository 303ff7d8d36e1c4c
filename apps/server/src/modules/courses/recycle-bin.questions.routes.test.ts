import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { RecycleBinResponseSchema } from '@lectern/contracts/courses/recycle-bin.schemas';
import { recycleBinItems } from '../../db/schema/courses.ts';
import { subjects } from '../../db/schema/exams.ts';
import { jobs } from '../../db/schema/jobs.ts';
import { createExamWorld, createOpenExam, type ExamWorld } from '../../test/exam-taking-factories.ts';
import { createSubjectLib, insertSubjects, singleChoice } from '../../test/exams-factories.ts';
import type { Session } from '../../test/factories.ts';
import { runJobsUntilIdle } from '../../test/jobs.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { RECYCLE_BIN_PURGE_JOB } from './recycle-bin.service.ts';

// Questions in the course recycle bin (decision 0015): each read path below would show a deleted
// question again if it forgot `subjectNotDeleted`.

let t: TestApp;
let world: ExamWorld;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestApp();
  world = await createExamWorld(t, 1);
});
afterAll(async () => {
  await t.close();
});

function as(session: Session, method: 'GET' | 'POST' | 'DELETE' | 'PUT', url: string, payload?: object) {
  return t.app.inject({ method, url, headers: session.headers, ...(payload ? { payload } : {}) });
}
const teacher = () => world.teacherSession;
const student = () => {
  const s = world.students[0];
  if (!s) throw new Error('no student');
  return s.session;
};

async function questionItem(subjectId: number) {
  const res = await as(teacher(), 'GET', `/api/courses/${world.course.id}/recycle-bin`);
  expect(res.statusCode).toBe(200);
  return RecycleBinResponseSchema.parse(res.json()).items.find(
    (i) => i.type === 'question' && i.item_id === subjectId,
  );
}

async function paperIds(examId: number): Promise<number[]> {
  const res = await as(teacher(), 'GET', `/api/exams/${examId}/subjects`);
  expect(res.statusCode).toBe(200);
  return res.json().subjects.map((s: { id: number }) => s.id);
}

describe('a question of an exam paper', () => {
  it('is hidden from every read after deletion, listed in the bin with its exam, and restored whole', async () => {
    const exam = await createOpenExam(t, world, [singleChoice(30, 'Keep me'), singleChoice(40, 'Bin me')], {
      data: { total_points: 100 },
    });
    const [keep, gone] = await paperIds(exam.id);
    if (keep === undefined || gone === undefined) throw new Error('paper not built');

    const deleted = await as(teacher(), 'DELETE', `/api/subjects/${gone}`);
    expect(deleted.statusCode).toBe(200);
    // The row is still there, pointing at its bin item.
    const [row] = await t.db.select().from(subjects).where(eq(subjects.id, gone));
    expect(row?.recycleBinItemId).not.toBeNull();

    // Authoring reads.
    expect(await paperIds(exam.id)).toEqual([keep]);
    expect((await as(teacher(), 'GET', `/api/subjects/${gone}`)).statusCode).toBe(404);
    expect((await as(teacher(), 'PUT', `/api/subjects/${gone}`, singleChoice(1))).statusCode).toBe(404);
    expect((await as(teacher(), 'GET', `/api/exams/${exam.id}/points`)).json().points).toBe(30);
    const detail = (await as(teacher(), 'GET', `/api/exams/${exam.id}`)).json();
    expect(detail.subjects_count).toBe(1);
    const listed = (await as(teacher(), 'GET', `/api/courses/${world.course.id}/exams`)).json();
    const inList = JSON.stringify(listed);
    expect(inList).toContain(`"subjects_count":1`);
    const course = (await as(teacher(), 'GET', `/api/course/${world.course.id}/subjects`)).json();
    expect(course.items.map((s: { id: number }) => s.id)).not.toContain(gone);
    // Reordering lists the visible questions only.
    const sorted = await as(teacher(), 'PUT', `/api/exams/${exam.id}/subjects/sort`, { subject_ids: [keep] });
    expect(sorted.statusCode).toBe(200);

    const item = await questionItem(gone);
    expect(item).toMatchObject({
      title: 'Bin me',
      source: { type: 'exam', id: exam.id, title: exam.title },
    });
    if (!item) throw new Error('not in the bin');

    // Meanwhile the paper took 70 more points: the question no longer fits and stays in the bin.
    await insertSubjects(t, { activityId: exam.id, isMakeup: false }, [singleChoice(70)], world.teacher.id);
    const tooMany = await as(teacher(), 'POST', `/api/recycle-bin/${item.id}/restore`);
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().message).toContain('40');
    const [, extra] = await paperIds(exam.id);
    expect((await as(teacher(), 'DELETE', `/api/subjects/${extra}`)).statusCode).toBe(200);

    const restored = await as(teacher(), 'POST', `/api/recycle-bin/${item.id}/restore`);
    expect(restored.statusCode).toBe(200);
    expect(await paperIds(exam.id)).toContain(gone);
    expect((await as(teacher(), 'GET', `/api/exams/${exam.id}/points`)).json().points).toBe(70);
  });

  it('is left off the paper a student is handed, and cannot come back once students have it', async () => {
    const exam = await createOpenExam(t, world, [singleChoice(10, 'Stays'), singleChoice(10, 'Goes')]);
    const [, gone] = await paperIds(exam.id);
    expect((await as(teacher(), 'DELETE', `/api/subjects/${gone}`)).statusCode).toBe(200);

    const paper = (await as(student(), 'GET', `/api/exams/${exam.id}/distribute`)).json();
    expect(paper.subjects.map((s: { id: number }) => s.id)).not.toContain(gone);

    const item = await questionItem(gone as number);
    if (!item) throw new Error('not in the bin');
    const refused = await as(teacher(), 'POST', `/api/recycle-bin/${item.id}/restore`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('conflict');
    // Deleting a question of a paper students have is still refused, as before the bin.
    const [stays] = await paperIds(exam.id);
    expect((await as(teacher(), 'DELETE', `/api/subjects/${stays}`)).statusCode).toBe(409);
  });
});

describe('a question of a course library', () => {
  it('is hidden from the library and its count, and purged with its bin item when the time is up', async () => {
    const lib = await createSubjectLib(t, {
      orgId: world.org.id,
      ownerId: world.teacher.id,
      courseId: world.course.id,
      title: 'Week 3 bank',
    });
    const [keep, gone] = await insertSubjects(
      t,
      { libId: lib.id },
      [singleChoice(1, 'Library keep'), singleChoice(1, 'Library gone')],
      world.teacher.id,
    );
    expect((await as(teacher(), 'DELETE', `/api/subjects/${gone}`)).statusCode).toBe(200);

    const shown = JSON.stringify((await as(teacher(), 'GET', `/api/subject-libs/${lib.id}`)).json());
    expect(shown).toContain('Library keep');
    expect(shown).not.toContain('Library gone');
    const libs = (await as(teacher(), 'GET', `/api/course/${world.course.id}/subject-libs`)).json();
    const node = JSON.stringify(libs.subject_libs);
    expect(node).toContain('"subjects_count":1');
    // Copying the whole library into an exam copies what is visible only.
    const target = await createOpenExam(t, world, [], { published: false });
    const copy = await as(teacher(), 'POST', `/api/subject-libs/${lib.id}/copy?examId=${target.id}`);
    expect(copy.statusCode).toBeLessThan(300);
    const copied = (await as(teacher(), 'GET', `/api/exams/${target.id}/subjects`)).json();
    expect(copied.subjects.map((s: { description: string }) => s.description)).toEqual([
      '<p>Library keep</p>',
    ]);
    expect(keep).toBeDefined();

    const item = await questionItem(gone as number);
    expect(item).toMatchObject({ source: { type: 'library', id: lib.id, title: 'Week 3 bank' } });
    if (!item) throw new Error('not in the bin');

    await t.db
      .update(recycleBinItems)
      .set({ deletedAt: new Date(Date.now() - 31 * DAY) })
      .where(eq(recycleBinItems.id, item.id));
    await t.db
      .update(jobs)
      .set({ runAt: new Date(Date.now() - 1000) })
      .where(eq(jobs.type, RECYCLE_BIN_PURGE_JOB));
    await runJobsUntilIdle(t);
    expect(
      await t.db
        .select()
        .from(subjects)
        .where(eq(subjects.id, gone as number)),
    ).toEqual([]);
    expect(await questionItem(gone as number)).toBeUndefined();
  });

  it('puts a personal library question in its owner’s own bin, hidden from every read, restorable and purged', async () => {
    const lib = await createSubjectLib(t, {
      orgId: world.org.id,
      ownerId: world.teacher.id,
      title: 'My bank',
    });
    const [keep, gone] = await insertSubjects(
      t,
      { libId: lib.id },
      [singleChoice(1, 'Personal keep'), singleChoice(1, 'Personal gone')],
      world.teacher.id,
    );
    if (keep === undefined || gone === undefined) throw new Error('library not built');
    expect((await as(teacher(), 'DELETE', `/api/subjects/${gone}`)).statusCode).toBe(200);
    const [row] = await t.db.select().from(subjects).where(eq(subjects.id, gone));
    expect(row?.recycleBinItemId).not.toBeNull();

    // Every read of the library's questions skips it.
    const shown = JSON.stringify((await as(teacher(), 'GET', `/api/subject-libs/${lib.id}`)).json());
    expect(shown).toContain('Personal keep');
    expect(shown).not.toContain('Personal gone');
    const listed = JSON.stringify((await as(teacher(), 'GET', '/api/subject-libs?with_folder=1')).json());
    expect(listed).toContain('"subjects_count":1');
    expect((await as(teacher(), 'GET', `/api/subjects/${gone}`)).statusCode).toBe(404);
    const target = await createOpenExam(t, world, [], { published: false });
    expect(
      (await as(teacher(), 'POST', `/api/subject-libs/${lib.id}/copy?examId=${target.id}`)).statusCode,
    ).toBeLessThan(300);
    const copied = (await as(teacher(), 'GET', `/api/exams/${target.id}/subjects`)).json();
    expect(copied.subjects.map((s: { description: string }) => s.description)).toEqual([
      '<p>Personal keep</p>',
    ]);

    // The owner's personal bin lists it; nobody else's does, and nobody else may act on it.
    const personal = async (session: Session) => {
      const res = await as(session, 'GET', '/api/recycle-bin/personal');
      expect(res.statusCode).toBe(200);
      return RecycleBinResponseSchema.parse(res.json()).items;
    };
    const [item] = await personal(teacher());
    expect(item).toMatchObject({
      type: 'question',
      item_id: gone,
      course_id: null,
      source: { type: 'library', id: lib.id, title: 'My bank' },
    });
    if (!item) throw new Error('not in the bin');
    expect(await personal(student())).toEqual([]);
    expect(await questionItem(gone)).toBeUndefined();
    expect((await as(student(), 'POST', `/api/recycle-bin/${item.id}/restore`)).statusCode).toBe(404);
    expect((await as(student(), 'DELETE', `/api/recycle-bin/${item.id}`)).statusCode).toBe(404);

    // Restored whole by its owner.
    expect((await as(teacher(), 'POST', `/api/recycle-bin/${item.id}/restore`)).statusCode).toBe(200);
    expect(JSON.stringify((await as(teacher(), 'GET', `/api/subject-libs/${lib.id}`)).json())).toContain(
      'Personal gone',
    );
    expect(await personal(teacher())).toEqual([]);

    // Deleted again, it is purged once the retention has passed.
    expect((await as(teacher(), 'DELETE', `/api/subjects/${gone}`)).statusCode).toBe(200);
    const [again] = await personal(teacher());
    if (!again) throw new Error('not in the bin');
    await t.db
      .update(recycleBinItems)
      .set({ deletedAt: new Date(Date.now() - 31 * DAY) })
      .where(eq(recycleBinItems.id, again.id));
    await t.db
      .update(jobs)
      .set({ runAt: new Date(Date.now() - 1000) })
      .where(eq(jobs.type, RECYCLE_BIN_PURGE_JOB));
    await runJobsUntilIdle(t);
    expect(await t.db.select().from(subjects).where(eq(subjects.id, gone))).toEqual([]);
    expect(await personal(teacher())).toEqual([]);
  });
});
