import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../platform/app-context.ts';
import type { Database } from '../../platform/database.ts';
import type { Actor } from '../../platform/http/request-context.ts';
import {
  addMember,
  createActivity,
  createCourse,
  createGroup,
  createGroupSet,
  createModule,
  createOrg,
  createUser,
} from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { homeworkDue, todosService } from './todos.service.ts';

let t: TestApp;
let orgId: number;
let teacherId: number;

beforeAll(async () => {
  t = await createTestApp();
  orgId = (await createOrg(t)).id;
  teacherId = (await createUser(t, orgId)).id;
});
afterAll(async () => t.close());

/** The database with every statement started through it counted. */
function countingDb(db: Database): { db: Database; count: () => number } {
  let statements = 0;
  const counted = new Set(['select', 'selectDistinct', 'selectDistinctOn', 'execute']);
  const proxy = new Proxy(db, {
    get(target, key, receiver) {
      const value: unknown = Reflect.get(target, key, receiver);
      if (typeof key === 'string' && counted.has(key) && typeof value === 'function') {
        return (...args: unknown[]) => {
          statements += 1;
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      }
      return value;
    },
  });
  return { db: proxy, count: () => statements };
}

/** A student in `courses` courses, each with group homework, plain homework and an exam. */
async function studentIn(courses: number): Promise<Actor> {
  const student = await createUser(t, orgId);
  for (let i = 0; i < courses; i += 1) {
    const course = await createCourse(t, orgId, teacherId);
    await addMember(t, course.id, student.id, ['student']);
    const moduleId = (await createModule(t, course.id)).id;
    const set = await createGroupSet(t, course.id);
    await createGroup(t, set.id, { memberIds: [student.id] });
    const base = { courseId: course.id, moduleId, createdBy: teacherId };
    await createActivity(t, { ...base, type: 'homework' });
    await createActivity(t, { ...base, type: 'homework', data: { group_set_id: set.id } });
    await createActivity(t, { ...base, type: 'exam' });
  }
  return {
    userId: student.id,
    orgId,
    orgRole: 'member',
    sessionId: 'test',
    simulatingCourseId: null,
    locale: 'en-US',
  };
}

describe('todosService.list', () => {
  it('reads the same number of statements for one course as for five', async () => {
    const counts: number[] = [];
    for (const courses of [1, 5]) {
      const actor = await studentIn(courses);
      const counting = countingDb(t.db);
      const service = todosService({ db: counting.db } as unknown as AppContext);
      const { todo_list: todos } = await service.list(actor);
      expect(todos).toHaveLength(courses * 3);
      counts.push(counting.count());
    }
    expect(counts[0]).toBe(counts[1]);
    expect(counts[0]).toBeGreaterThan(2);
    expect(counts[0]).toBeLessThanOrEqual(6);
  });
});

describe('homeworkDue', () => {
  const now = new Date('2026-11-26T08:00:00Z');
  const later = new Date('2026-11-27T08:00:00Z');
  const earlier = new Date('2026-11-25T08:00:00Z');

  it('is due before the deadline until handed in, and again after a redo or being marked unsubmitted', () => {
    expect(homeworkDue({ endTime: later }, undefined, now)).toEqual({ endTime: later });
    expect(
      homeworkDue({ endTime: later }, { status: 1, lastVersion: 1, makeUpEndTime: null }, now),
    ).toBeUndefined();
    expect(homeworkDue({ endTime: later }, { status: 5, lastVersion: 1, makeUpEndTime: null }, now)).toEqual({
      endTime: later,
    });
    expect(homeworkDue({ endTime: later }, { status: 3, lastVersion: 2, makeUpEndTime: null }, now)).toEqual({
      endTime: later,
    });
  });

  it('counts a make-up hand-in as handed in, and a make-up request after a reset as not', () => {
    expect(
      homeworkDue({ endTime: later }, { status: 2, lastVersion: 1, makeUpEndTime: later }, now),
    ).toBeUndefined();
    expect(homeworkDue({ endTime: later }, { status: 4, lastVersion: 1, makeUpEndTime: later }, now)).toEqual(
      {
        endTime: later,
      },
    );
  });

  it('after the deadline, only inside the make-up window, which becomes the deadline', () => {
    expect(homeworkDue({ endTime: earlier }, undefined, now)).toBeUndefined();
    expect(
      homeworkDue({ endTime: earlier }, { status: 4, lastVersion: 0, makeUpEndTime: later }, now),
    ).toEqual({
      endTime: later,
    });
    expect(
      homeworkDue({ endTime: earlier }, { status: 4, lastVersion: 0, makeUpEndTime: earlier }, now),
    ).toBeUndefined();
  });
});
