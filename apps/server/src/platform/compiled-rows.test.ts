import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activities } from '../db/schema/activities.ts';
import { courseMembers, courses } from '../db/schema/courses.ts';
import { users } from '../db/schema/identity.ts';
import {
  addMember,
  createActivity,
  createCourse,
  createModule,
  createOrg,
  createUser,
} from '../test/factories.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { withCompiledRows } from './compiled-rows.ts';

let t: TestApp;
let fixture: { course: number; member: number; outsider: number; activityIds: number[] };

beforeAll(async () => {
  t = await createTestApp();
  const org = await createOrg(t);
  const teacher = await createUser(t, org.id);
  const member = await createUser(t, org.id, { name: 'Member' });
  const outsider = await createUser(t, org.id, { name: 'Outsider' });
  const course = await createCourse(t, org.id, teacher.id);
  await addMember(t, course.id, member.id, ['student']);
  const module = await createModule(t, course.id);
  const ids: number[] = [];
  for (let i = 0; i < 3; i += 1) {
    const activity = await createActivity(t, {
      courseId: course.id,
      moduleId: module.id,
      createdBy: teacher.id,
      startTime: i === 0 ? null : new Date(Date.UTC(2026, 10, i, 8, 30, 15, 250)),
      data: { n: i, nested: { list: [i, 'x'] } },
    });
    ids.push(activity.id);
  }
  fixture = { course: course.id, member: member.id, outsider: outsider.id, activityIds: ids };
});

afterAll(async () => {
  await t?.close();
});

const creator = alias(users, 'creator');
const viewerMember = alias(courseMembers, 'viewer_member');

/**
 * Every kind of field drizzle maps: a whole table's columns nested under a key, top-level columns of a
 * joined table, an aliased table (a Proxy) under a key of its own, left joins that find no row (the object
 * must become null), typed sql expressions, a nested object of mixed fields, timestamps, jsonb and arrays.
 */
function build(name: string) {
  return t.db
    .select({
      activity: getTableColumns(activities),
      courseName: courses.name,
      courseCreated: courses.createdAt,
      member: viewerMember,
      creator: { id: creator.id, name: creator.name, createdAt: creator.createdAt },
      flags: {
        twice: sql<number>`${activities.id} * 2`.mapWith(Number),
        label: sql<string>`'a' || ${activities.id}`,
        nothing: sql<string | null>`null`,
      },
      seen: sql<Date>`${activities.createdAt}`.mapWith(activities.createdAt),
    })
    .from(activities)
    .innerJoin(courses, eq(courses.id, activities.courseId))
    .leftJoin(
      viewerMember,
      and(eq(viewerMember.courseId, activities.courseId), eq(viewerMember.userId, sql.placeholder('viewer'))),
    )
    .leftJoin(creator, and(eq(creator.id, activities.createdBy), sql`${activities.startTime} is not null`))
    .where(eq(activities.courseId, sql.placeholder('course')))
    .orderBy(activities.id)
    .prepare(name);
}

describe('withCompiledRows', () => {
  it('maps rows into the same objects drizzle does, null joins included', async () => {
    const plain = build('compiled_rows_plain');
    const compiled = withCompiledRows(build('compiled_rows_compiled'));
    for (const viewer of [fixture.member, fixture.outsider]) {
      const params = { course: fixture.course, viewer };
      const expected = await plain.execute(params);
      const actual = await compiled.execute(params);
      expect(actual).toEqual(expected);
      expect(actual).toHaveLength(3);
    }
    const [first, second] = await compiled.execute({ course: fixture.course, viewer: fixture.outsider });
    // The outsider has no membership row and the first activity no creator join: both objects are null.
    expect(first?.member).toBeNull();
    expect(first?.creator).toBeNull();
    expect(second?.creator?.name).toEqual(expect.any(String));
    expect(second?.activity.startTime).toEqual(new Date(Date.UTC(2026, 10, 1, 8, 30, 15, 250)));
    expect(second?.activity.data).toEqual({ n: 1, nested: { list: [1, 'x'] } });
    expect(first?.flags).toEqual({
      twice: fixture.activityIds[0]! * 2,
      label: `a${fixture.activityIds[0]}`,
      nothing: null,
    });
    const [asMember] = await compiled.execute({ course: fixture.course, viewer: fixture.member });
    expect(asMember?.member?.roles).toEqual(['student']);
  });

  it('leaves a statement with a mapper of its own, or without selected fields, as it is', () => {
    const custom = (rows: unknown[][]) => rows;
    const withMapper = { fields: [], customResultMapper: custom };
    expect(withCompiledRows(withMapper).customResultMapper).toBe(custom);
    const raw = { fields: undefined } as { fields: undefined; customResultMapper?: unknown };
    expect(withCompiledRows(raw).customResultMapper).toBeUndefined();
  });
});
