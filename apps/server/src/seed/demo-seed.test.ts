import { ACTIVITY_DATA_SCHEMAS } from '@lectern/contracts/activities/activity-data.schemas';
import { isActivityType } from '@lectern/contracts/activities/activity-types';
import { deriveActivityStatus } from '@lectern/contracts/activities/activity-status';
import { resolveCompletion } from '@lectern/contracts/activities/completion-criteria';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activities, activityReads } from '../db/schema/activities.ts';
import {
  academicYears,
  courseMembers,
  courseModules,
  courses,
  groupMembers,
  groups,
  groupSets,
  semesters,
  syllabi,
} from '../db/schema/courses.ts';
import { departments, orgs, users } from '../db/schema/identity.ts';
import { rollcallAnswers, rollcalls } from '../db/schema/rollcalls.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { APP_TABLE_NAMES, seedDemo, seedDemoIfEmpty } from './demo-seed.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const TABLES = {
  orgs,
  departments,
  users,
  academicYears,
  semesters,
  courses,
  courseMembers,
  courseModules,
  syllabi,
  groupSets,
  groups,
  groupMembers,
  activities,
  activityReads,
};

async function counts(): Promise<Record<keyof typeof TABLES, number>> {
  const entries = await Promise.all(
    Object.entries(TABLES).map(async ([key, table]) => {
      const [row] = await t.db.select({ n: count() }).from(table);
      return [key, row?.n ?? 0] as const;
    }),
  );
  return Object.fromEntries(entries) as Record<keyof typeof TABLES, number>;
}

async function membersByCourse(): Promise<Record<string, { total: number; roles: Record<string, number> }>> {
  const rows = await t.db
    .select({ code: courses.courseCode, roles: courseMembers.roles })
    .from(courseMembers)
    .innerJoin(courses, eq(courses.id, courseMembers.courseId));
  const result: Record<string, { total: number; roles: Record<string, number> }> = {};
  for (const row of rows) {
    const entry = (result[row.code ?? ''] ??= { total: 0, roles: {} });
    entry.total += 1;
    for (const role of row.roles) entry.roles[role] = (entry.roles[role] ?? 0) + 1;
  }
  return result;
}

describe('demo seed', () => {
  let first: Awaited<ReturnType<typeof counts>>;

  it('seeds an empty database with the demo organisation', async () => {
    expect(await seedDemoIfEmpty(t.db, t.app.log)).toBe(true);
    first = await counts();
    expect(first).toMatchObject({
      orgs: 1,
      departments: 4,
      users: 44,
      academicYears: 2,
      semesters: 3,
      // The three demo courses, then course combining's two classes and their combined course.
      courses: 3 + 3,
      courseMembers: 32 + 32 + 21 + (6 + 6 + 1),
      groupSets: 3,
      groups: 5 + 3 + 5,
      groupMembers: 30 + 30 + 30,
    });
    expect(first.activities).toBeGreaterThanOrEqual(24);
    expect(first.activityReads).toBeGreaterThan(0);

    expect(await membersByCourse()).toEqual({
      CS201: { total: 32, roles: { instructor: 1, instructor_assistant: 1, student: 30 } },
      MATH101: { total: 32, roles: { instructor: 1, instructor_assistant: 1, student: 30 } },
      PHY110: { total: 21, roles: { instructor: 1, student: 20 } },
      'LA201-1': { total: 6, roles: { instructor: 1, student: 5 } },
      'LA201-2': { total: 6, roles: { instructor: 1, student: 5 } },
      LA201: { total: 1, roles: { instructor: 1 } },
    });

    const [org] = await t.db.select().from(orgs);
    expect(org).toMatchObject({
      name: 'Lectern University',
      code: 'lectern-u',
      settings: { h5_courseware_completeness: false },
    });
    const people = await t.db.select().from(users);
    expect(new Set(people.map((u) => u.name)).size).toBe(44);
    expect(people.find((u) => u.userNo === 'admin')).toMatchObject({
      orgRole: 'admin',
      email: 'admin@lectern.edu',
    });
    expect(people.find((u) => u.userNo === 't1001')).toMatchObject({ name: '李伟', aliases: 'Li Wei' });
    expect(people.find((u) => u.userNo === 's20240040')?.email).toBe('s20240040@stu.lectern.edu');
    // One hash reused for everyone keeps seeding fast.
    expect(new Set(people.map((u) => u.passwordHash)).size).toBe(1);

    const leaders = await t.db
      .select({ n: count() })
      .from(groupMembers)
      .where(eq(groupMembers.isLeader, true));
    expect(leaders[0]?.n).toBe(5 + 5);

    // Attendance history on CS201: three finished roll calls, most of the class present in each.
    const calls = await t.db.select().from(rollcalls);
    expect(calls.map((c) => [c.type, c.status])).toEqual([
      ['number', 'finished'],
      ['qr', 'finished'],
      ['radar', 'finished'],
    ]);
    const answers = await t.db.select().from(rollcallAnswers);
    for (const call of calls) {
      const present = answers.filter(
        (a) => a.rollcallId === call.id && ['on_call_fine', 'late'].includes(a.status),
      );
      expect(present.length).toBeGreaterThan(20);
      expect(present.length).toBeLessThan(30);
    }
  });

  it('seeds only valid activities, in every status, with one draft per course', async () => {
    const rows = await t.db.select().from(activities);
    const now = new Date();
    const statuses = new Set<string>();
    for (const row of rows) {
      expect(isActivityType(row.type), row.type).toBe(true);
      if (!isActivityType(row.type)) continue;
      const parsed = ACTIVITY_DATA_SCHEMAS[row.type].safeParse(row.data);
      expect(parsed.success, `${row.title}: ${parsed.error?.message ?? ''}`).toBe(true);
      const resolved = resolveCompletion(
        row.type,
        { h5CoursewareCompleteness: false },
        { key: row.completionCriterionKey, value: row.completionCriterionValue },
      );
      expect(resolved, row.title).toEqual({
        ok: true,
        key: row.completionCriterionKey,
        value: row.completionCriterionValue,
      });
      if (row.published) {
        statuses.add(
          deriveActivityStatus(
            {
              start_time: row.startTime?.toISOString() ?? null,
              end_time: row.endTime?.toISOString() ?? null,
            },
            now,
          ),
        );
      }
    }
    expect(statuses).toEqual(new Set(['notStarted', 'inProgress', 'expired']));
    expect(rows.find((r) => r.type === 'online_video')).toMatchObject({
      completionCriterionKey: 'completeness',
      completionCriterionValue: 80,
    });

    const drafts = await t.db
      .select({ courseId: activities.courseId, n: count() })
      .from(activities)
      .where(eq(activities.published, false))
      .groupBy(activities.courseId);
    expect(drafts).toHaveLength(3);
    expect(drafts.every((d) => d.n === 1)).toBe(true);
  });

  it('lets a demo user sign in with the demo password', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { login: 't1001', password: 'lectern-demo' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ user_no: 't1001', name: '李伟' });
  });

  it('does nothing when the database already holds an organisation', async () => {
    expect(await seedDemoIfEmpty(t.db, t.app.log)).toBe(false);
    await seedDemo(t.db, t.app.log, { reset: false });
    expect(await counts()).toEqual(first);
  });

  it('rebuilds the same data on reset', async () => {
    await seedDemo(t.db, t.app.log, { reset: true });
    expect(await counts()).toEqual(first);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { login: 's20240001', password: 'lectern-demo' },
    });
    expect(res.statusCode).toBe(200);
  });

  it('seeds once when two starts race on an empty database', async () => {
    await t.db.execute(
      sql`truncate table ${sql.join(
        APP_TABLE_NAMES.map((name) => sql.identifier(name)),
        sql`, `,
      )} restart identity cascade`,
    );
    expect((await counts()).orgs).toBe(0);
    const results = await Promise.all([seedDemoIfEmpty(t.db, t.app.log), seedDemoIfEmpty(t.db, t.app.log)]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await counts()).toEqual(first);
  });

  it('resets every table the migrations create', async () => {
    // Both drivers answer raw SQL with a `rows` array.
    const result = (await t.db.execute(
      sql`select table_name from information_schema.tables
          where table_schema = current_schema() and table_type = 'BASE TABLE'`,
    )) as unknown as { rows: { table_name: string }[] };
    const inDatabase = result.rows.map((r) => r.table_name).sort();
    expect([...APP_TABLE_NAMES].sort()).toEqual(inDatabase);
  });
});
