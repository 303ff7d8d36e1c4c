import { SUBJECT_TYPES } from '@lectern/contracts/exams/subject.schemas';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activities } from '../db/schema/activities.ts';
import { subjectLibs, subjects } from '../db/schema/exams.ts';
import { users } from '../db/schema/identity.ts';
import { loginAs } from '../test/factories.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { seedDemoIfEmpty } from './demo-seed.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoIfEmpty(t.db, t.app.log);
});
afterAll(async () => t?.close());

describe('demo exam and library', () => {
  it('seeds one open, published exam with a question of every type', async () => {
    const exams = await t.db.select().from(activities).where(eq(activities.type, 'exam'));
    expect(exams).toHaveLength(1);
    const [exam] = exams;
    expect(exam?.published).toBe(true);
    const now = Date.now();
    expect(exam?.startTime?.getTime()).toBeLessThanOrEqual(now);
    expect(exam?.endTime?.getTime()).toBeGreaterThan(now + 6 * 86_400_000);
    const tops = await t.db
      .select({ type: subjects.type })
      .from(subjects)
      .where(and(eq(subjects.activityId, exam!.id), isNull(subjects.parentId)));
    expect(new Set(tops.map((s) => s.type))).toEqual(new Set(SUBJECT_TYPES));

    // The course owner sees it through the API, its points adding up to the exam's total.
    const [owner] = await t.db.select().from(users).where(eq(users.userNo, 't1001'));
    const session = await loginAs(t, owner!);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/exams/${exam!.id}`,
      headers: session.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      total_points: 30,
      used_points: 30,
      subjects_count: SUBJECT_TYPES.length,
    });
  });

  it('seeds a course library with a few questions', async () => {
    const libs = await t.db.select().from(subjectLibs).where(eq(subjectLibs.libType, 'exam'));
    expect(libs).toHaveLength(1);
    expect(libs[0]?.courseId).not.toBeNull();
    const inLib = await t.db.select().from(subjects).where(eq(subjects.libId, libs[0]!.id));
    expect(inLib).toHaveLength(3);
  });
});
