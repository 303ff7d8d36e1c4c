import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LectureLiveDetail } from '@lectern/contracts/lecture-live/lecture-live.schemas';
import { users } from '../db/schema/identity.ts';
import { lectureLives } from '../db/schema/lecture-live.ts';
import { loginAs } from '../test/factories.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { seedDemoIfEmpty } from './demo-seed.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoIfEmpty(t.db, t.app.log);
});
afterAll(async () => t?.close());

describe('demo lecture live', () => {
  it('seeds a published, bookable lecture live in CS201 with an ingest key for its instructor only', async () => {
    const [live] = await t.db.select().from(lectureLives).limit(1);
    expect(live).toBeDefined();
    const [student] = await t.db.select().from(users).where(eq(users.userNo, 's20240001'));
    const [owner] = await t.db.select().from(users).where(eq(users.userNo, 't1001'));
    const asStudent = await loginAs(t, student!);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/lecture-lives/${live!.activityId}`,
      headers: asStudent.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json<LectureLiveDetail>();
    expect(detail).toMatchObject({ status: 'live_unopened', is_booked_live: true });
    expect(detail.booked_count).toBeGreaterThan(0);
    expect(res.body).not.toContain(live!.streamKey);
    const asOwner = await loginAs(t, owner!);
    const ingest = await t.app.inject({
      method: 'GET',
      url: `/api/lecture-lives/${live!.activityId}/ingest`,
      headers: asOwner.headers,
    });
    expect(ingest.json<{ stream_key: string }>().stream_key).toBe(live!.streamKey);
  });
});
