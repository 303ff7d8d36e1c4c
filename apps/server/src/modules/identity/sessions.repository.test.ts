import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema/identity.ts';
import { createCourse, createOrg, createUser, loginAs } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { sessionsRepository } from './sessions.repository.ts';

let t: TestApp;
let orgId: number;

beforeAll(async () => {
  t = await createTestApp();
  orgId = (await createOrg(t)).id;
});
afterAll(async () => t.close());

const sessionIdOf = async (userId: number) => {
  const session = await loginAs(t, { id: userId });
  const [row] = await t.db.select().from(sessions).where(eq(sessions.userId, userId));
  return { session, id: row!.id };
};

describe('session cache', () => {
  it('answers a burst of lookups of one session with one shared read', async () => {
    const user = await createUser(t, orgId);
    const { id } = await sessionIdOf(user.id);
    const repo = sessionsRepository(t.db);
    const found = await Promise.all(Array.from({ length: 10 }, () => repo.findActive(id)));
    expect(found[0]?.user.id).toBe(user.id);
    // One read means one row object handed to every caller.
    for (const each of found) expect(each).toBe(found[0]);
  });

  it('does not keep a read that overlapped a write to the session', async () => {
    const user = await createUser(t, orgId);
    const course = await createCourse(t, orgId, user.id);
    const { id } = await sessionIdOf(user.id);
    const repo = sessionsRepository(t.db);
    const before = repo.findActive(id);
    await repo.setSimulating(id, course.id);
    expect((await before)?.session.id).toBe(id);
    expect((await repo.findActive(id))?.session.simulatingCourseId).toBe(course.id);
  });
});
