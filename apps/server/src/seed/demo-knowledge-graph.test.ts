import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KnowledgeTreeNode } from '@lectern/contracts/knowledge-graph/knowledge-node.schemas';
import { courses } from '../db/schema/courses.ts';
import { users } from '../db/schema/identity.ts';
import { loginAs } from '../test/factories.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { seedDemoIfEmpty } from './demo-seed.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const flatten = (items: KnowledgeTreeNode[]): KnowledgeTreeNode[] =>
  items.flatMap((item) => [item, ...flatten(item.children)]);

describe('demo knowledge graph', () => {
  it('publishes a CS201 graph with Bloom levels, relations and links its students can read', async () => {
    expect(await seedDemoIfEmpty(t.db, t.app.log, { storage: t.storage })).toBe(true);
    const [course] = await t.db.select().from(courses).where(eq(courses.courseCode, 'CS201'));
    const [student] = await t.db.select().from(users).where(eq(users.userNo, 's20240001'));
    const [teacher] = await t.db.select().from(users).where(eq(users.userNo, 't1001'));
    const session = await loginAs(t, student!);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/course/${course!.id}/knowledge-nodes`,
      headers: session.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { items: KnowledgeTreeNode[]; relations: unknown[]; published: boolean };
    const nodes = flatten(body.items);
    expect(body.published).toBe(true);
    expect(nodes).toHaveLength(12);
    expect(new Set(nodes.map((n) => n.bloom_level)).size).toBe(6);
    expect(body.relations).toHaveLength(7);

    const list = nodes.find((n) => n.name === '顺序表与链表');
    const teacherSession = await loginAs(t, teacher!);
    const facets = await t.app.inject({
      method: 'GET',
      url: `/api/course/${course!.id}/knowledge-node/${list!.id}/facets`,
      headers: teacherSession.headers,
    });
    expect(facets.json()).toMatchObject({ fragment_count: 2 });
    const counts = Object.fromEntries(
      (facets.json().facets as { refer_type: string; count: number }[]).map((f) => [f.refer_type, f.count]),
    );
    expect(counts.activity).toBe(3);
    expect(counts.subject).toBeGreaterThanOrEqual(2);
    const timeline = await t.app.inject({
      method: 'GET',
      url: `/api/course/${course!.id}/knowledge-stats-timeline`,
      headers: teacherSession.headers,
    });
    expect(timeline.json().items).toMatchObject([{ trigger: 'publish', node_count: 12, relation_count: 7 }]);
  });
});
