import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { activities } from '../db/schema/activities.ts';
import { h5Packages } from '../db/schema/h5-courseware.ts';
import { uploadReferences } from '../db/schema/uploads.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { DEMO_H5 } from './demo-h5-courseware.ts';
import { seedDemoIfEmpty } from './demo-seed.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoIfEmpty(t.db, t.app.log, { storage: t.storage });
});
afterAll(async () => t.close());

describe('demo H5 courseware', () => {
  it('publishes an HTML and a SCORM 1.2 package in CS201, unpacked and served', async () => {
    const rows = await t.db
      .select()
      .from(activities)
      .where(
        inArray(
          activities.title,
          DEMO_H5.packages.map((p) => p.title),
        ),
      );
    expect(rows.map((r) => [r.type, r.published])).toEqual([
      ['h5_courseware', true],
      ['h5_courseware', true],
    ]);
    const kinds = [];
    for (const row of rows) {
      const [ref] = await t.db.select().from(uploadReferences).where(eq(uploadReferences.parentId, row.id));
      const [pkg] = await t.db.select().from(h5Packages).where(eq(h5Packages.uploadId, ref!.uploadId));
      kinds.push([pkg!.kind, pkg!.entry]);
      expect(await t.storage.exists(Object.values(pkg!.files)[0]!.key)).toBe(true);
    }
    expect(kinds).toEqual([
      ['html', 'sorting/index.html'],
      ['scorm_12', 'lesson/sco.html'],
    ]);
  });
});
