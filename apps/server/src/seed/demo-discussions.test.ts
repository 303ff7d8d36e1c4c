import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import { courseMembers } from '../db/schema/courses.ts';
import { comments } from '../db/schema/discussions.ts';
import { loginAs } from '../test/factories.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { seedDemoIfEmpty } from './demo-seed.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoIfEmpty(t.db, t.app.log);
});
afterAll(async () => t?.close());

describe('demo discussions', () => {
  it('gives each demo forum topics, a reply thread and likes that the API serves', async () => {
    const [topic] = await t.db
      .select()
      .from(comments)
      .where(and(isNotNull(comments.title), eq(comments.anonymous, false)))
      .orderBy(asc(comments.id))
      .limit(1);
    expect(topic).toBeDefined();
    const [classmate] = await t.db
      .select({ userId: courseMembers.userId })
      .from(courseMembers)
      .where(
        and(
          eq(courseMembers.courseId, topic!.courseId),
          sql`'student' = any(${courseMembers.roles})`,
          sql`${courseMembers.userId} <> ${topic!.createdBy}`,
        ),
      )
      .orderBy(sql`${courseMembers.userId} desc`)
      .limit(1);
    const session = await loginAs(t, { id: classmate!.userId });
    const topics = await t.app.inject({
      method: 'GET',
      url: `/api/activities/${topic!.activityId}/topics`,
      headers: session.headers,
    });
    expect(topics.statusCode).toBe(200);
    expect(topics.json().total).toBe(2);
    const anonymous = topics.json().topics.find((x: { anonymous: boolean }) => x.anonymous);
    expect(anonymous.created_by).toBeNull();
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/topics/${topic!.id}`,
      headers: session.headers,
    });
    expect(detail.json()).toMatchObject({ topic: { approval_count: 2, reply_count: 2 }, replies_total: 2 });
    expect(detail.json().replies[1].parent.id).toBe(detail.json().replies[0].id);
    const all = await t.app.inject({
      method: 'GET',
      url: `/api/activities/${topic!.activityId}/comment/count`,
      headers: session.headers,
    });
    expect(all.json()).toEqual({ count: 3 });
  });
});
