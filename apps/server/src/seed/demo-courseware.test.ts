import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activities } from '../db/schema/activities.ts';
import { users } from '../db/schema/identity.ts';
import { uploads } from '../db/schema/uploads.ts';
import { loginAs } from '../test/factories.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { DEMO_COURSEWARE } from './demo-courseware.ts';
import { seedDemo, seedDemoIfEmpty } from './demo-seed.ts';
import { countPdfPages } from './sample-pdf.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const storedFiles = (): string[] => {
  const root = path.join(t.config.dataDir, 'uploads');
  if (!existsSync(root)) return [];
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)],
    );
  // The demo H5 courseware keeps its packages under h5/ (demo-h5-courseware.test.ts counts those).
  return walk(root).filter((file) => !file.startsWith(path.join(root, 'h5') + path.sep));
};

describe('demo courseware', () => {
  it('attaches a five-page PDF to the CS201 courseware activity, readable by its students', async () => {
    expect(await seedDemoIfEmpty(t.db, t.app.log, { storage: t.storage })).toBe(true);
    const [activity] = await t.db
      .select()
      .from(activities)
      .where(eq(activities.title, DEMO_COURSEWARE.activityTitle));
    expect(activity).toMatchObject({ type: 'material', published: true });

    const [student] = await t.db.select().from(users).where(eq(users.userNo, 's20240001'));
    const session = await loginAs(t, student!);
    const refs = await t.app.inject({
      method: 'GET',
      url: `/api/activities/${activity!.id}/upload_references`,
      headers: session.headers,
    });
    expect(refs.statusCode).toBe(200);
    const [reference, ...others] = refs.json().references as { name: string; preview_url: string }[];
    expect(others).toEqual([]);
    expect(reference).toMatchObject({ name: DEMO_COURSEWARE.fileName, mime_type: 'application/pdf' });

    const pdf = await t.app.inject({ method: 'GET', url: reference!.preview_url, headers: session.headers });
    expect(pdf.statusCode).toBe(200);
    expect(countPdfPages(pdf.rawPayload)).toBe(DEMO_COURSEWARE.pages);
  });

  it('stores nothing when the database is already seeded, and one file again on reset', async () => {
    const before = storedFiles();
    expect(before).toHaveLength(1);
    expect(await seedDemoIfEmpty(t.db, t.app.log, { storage: t.storage })).toBe(false);
    expect(storedFiles()).toEqual(before);

    await seedDemo(t.db, t.app.log, { reset: true, storage: t.storage });
    const rows = await t.db
      .select()
      .from(uploads)
      .where(and(eq(uploads.name, DEMO_COURSEWARE.fileName), eq(uploads.deleted, false)));
    expect(rows).toHaveLength(1);
    expect(storedFiles().some((file) => file.endsWith(rows[0]!.storageKey!.split('/')[2]!))).toBe(true);
  });
});
