import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { homeworkSubmissions } from '../db/schema/homework.ts';
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

describe('demo homework', () => {
  it('seeds a published homework with one marked and one unmarked hand-in', async () => {
    const rows = await t.db.select().from(homeworkSubmissions);
    expect(rows).toHaveLength(2);
    const activityId = rows[0]!.activityId;
    const [owner] = await t.db.select().from(users).where(eq(users.userNo, 't1001'));
    const session = await loginAs(t, owner!);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/homework/${activityId}/submitters?mark_status=marked`,
      headers: session.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().submitters).toHaveLength(1);
    expect(res.json().submitters[0]).toMatchObject({ score: 92, status: 1 });
    const unmarked = await t.app.inject({
      method: 'GET',
      url: `/api/homework/${activityId}/submitters?mark_status=unmarked`,
      headers: session.headers,
    });
    expect(unmarked.json().submitters).toHaveLength(1);
  });
});
