import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNotNull } from 'drizzle-orm';
import type {
  ApplyKnowledgeDiffResponse,
  KnowledgeClusters,
  KnowledgeGraphDiff,
  KnowledgeSimilarityResponse,
  KnowledgeSyncStatus,
  ReplaceKnowledgeGraphResponse,
} from '@lectern/contracts/knowledge-graph/knowledge-sync.schemas';
import { courses } from '../../db/schema/courses.ts';
import { jobs } from '../../db/schema/jobs.ts';
import {
  knowledgeGraphSnapshots,
  knowledgeNodeRelations,
  knowledgeNodes,
  knowledgeTeachingObjectives,
} from '../../db/schema/knowledge-graph.ts';
import {
  addMember,
  createCourse,
  createOrg,
  createUser,
  loginAs,
  type Session,
} from '../../test/factories.ts';
import { runJobsUntilIdle } from '../../test/jobs.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { KNOWLEDGE_SOURCE_SYNC_JOB } from './knowledge-sync.service.ts';

let t: TestApp;
let sourceId: number;
let courseId: number;
let strangerCourseId: number;
let orgId: number;
const s = {} as Record<'owner' | 'assistant' | 'student' | 'otherInstructor', Session>;
const anonymous: Session = { userId: 0, headers: { 'accept-language': 'en-US' } };

beforeAll(async () => {
  t = await createTestApp();
  orgId = (await createOrg(t)).id;
  const owner = await createUser(t, orgId);
  const assistant = await createUser(t, orgId);
  const student = await createUser(t, orgId);
  const otherInstructor = await createUser(t, orgId);
  sourceId = (await createCourse(t, orgId, owner.id)).id;
  courseId = (await createCourse(t, orgId, owner.id)).id;
  strangerCourseId = (await createCourse(t, orgId, otherInstructor.id)).id;
  await addMember(t, courseId, assistant.id, ['instructor_assistant']);
  await addMember(t, sourceId, assistant.id, ['instructor_assistant']);
  await addMember(t, courseId, student.id, ['student']);
  s.owner = await loginAs(t, owner);
  s.assistant = await loginAs(t, assistant);
  s.student = await loginAs(t, student);
  s.otherInstructor = await loginAs(t, otherInstructor);
});
afterAll(async () => t.close());

type Method = 'GET' | 'POST' | 'PUT';
const call = (as: Session, method: Method, url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: as.headers,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
async function ok<T>(as: Session, method: Method, url: string, payload?: unknown): Promise<T> {
  const res = await call(as, method, url, payload);
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json() as T;
}
async function node(course: number, body: Record<string, unknown>) {
  return ok<{ id: number; node_key: string }>(s.owner, 'POST', `/api/course/${course}/knowledge-node`, body);
}
const relate = (course: number, source: number, target: number, type = 'directed') =>
  ok(s.owner, 'POST', `/api/course/${course}/knowledge-node/relation`, { source, target, type });
const liveNodes = (course: number) =>
  t.db
    .select()
    .from(knowledgeNodes)
    .where(eq(knowledgeNodes.courseId, course))
    .then((rows) => rows.filter((r) => r.deletedAt === null));
const base = (course = courseId) => `/api/course/${course}`;

describe('refusals', () => {
  const calls: [Method, string, unknown?][] = [
    ['PUT', '/knowledge-graph/source', { source: null }],
    ['POST', '/knowledge-graph/sync'],
    ['GET', '/knowledge-graph/sync-status'],
    ['GET', '/knowledge-graph/edit-url'],
    ['GET', '/knowledge-graphs/diff'],
    ['POST', '/knowledge-graphs/diff/sync', { all: true }],
    ['PUT', '/knowledge-graph/replace', {}],
    ['POST', '/knowledge-graphs/similarity', {}],
    ['GET', '/knowledge-graph/cluster'],
    ['GET', '/knowledge-graph/embed/cluster-graph'],
  ];
  it.each(calls)(
    '%s %s: anonymous 401, student and other instructor 403, missing course 404',
    async (method, path, body) => {
      expect((await call(anonymous, method, `${base()}${path}`, body)).statusCode).toBe(401);
      expect((await call(s.student, method, `${base()}${path}`, body)).statusCode).toBe(403);
      expect((await call(s.otherInstructor, method, `${base()}${path}`, body)).statusCode).toBe(403);
      expect((await call(s.owner, method, `${base(999_999)}${path}`, body)).statusCode).toBe(404);
    },
  );

  it('refuses a source course the caller does not teach, and the course itself', async () => {
    const res = await call(s.owner, 'PUT', `${base()}/knowledge-graph/source`, {
      source: { type: 'course', course_id: strangerCourseId },
    });
    expect(res.statusCode).toBe(403);
    const self = await call(s.owner, 'PUT', `${base()}/knowledge-graph/source`, {
      source: { type: 'course', course_id: courseId },
    });
    expect(self.statusCode).toBe(400);
  });

  it('answers 409 with a readable message without a source, and kfs calls without a remote source', async () => {
    const diff = await call(s.owner, 'GET', `${base()}/knowledge-graphs/diff`);
    expect(diff.statusCode).toBe(409);
    expect(diff.json().message).toBe('This course’s knowledge graph has no source to sync from.');
    const subjects = await call(
      { ...s.owner, headers: { ...s.owner.headers, 'accept-language': 'zh-CN' } },
      'GET',
      '/api/knowledge-graph/kfs-subjects',
    );
    expect(subjects.statusCode).toBe(409);
    expect(subjects.json().message).toBe('本平台未配置外部知识源，请联系管理员');
    const versions = await call(
      s.owner,
      'GET',
      '/api/knowledge-graph/kfs-courses/-/published-forest-versions:batchGet?ids=1',
    );
    expect(versions.statusCode).toBe(409);
    const stats = await call(s.owner, 'GET', '/api/knowledge-graph/forest-versions/-/stats:batchGet?ids=1,2');
    expect(stats.statusCode).toBe(409);
    expect((await call(s.student, 'GET', '/api/knowledge-graph/kfs-subjects')).statusCode).toBe(403);
    expect((await call(anonymous, 'GET', '/api/knowledge-graph/kfs-subjects')).statusCode).toBe(401);
    const info = await ok<KnowledgeSyncStatus>(
      s.owner,
      'GET',
      `/api/knowledge-graph/courses/${courseId}/kfs-import-info`,
    );
    expect(info).toMatchObject({ source: null, status: 'idle', remote_configured: false });
    const imported = await call(
      s.owner,
      'POST',
      `/api/knowledge-graph/courses/${courseId}/kfs-course-import`,
      {
        kfs_course_id: 1,
        kfs_version_id: 1,
      },
    );
    expect(imported.statusCode).toBe(409);
    expect(
      (
        await call(s.student, 'POST', `/api/knowledge-graph/courses/${courseId}/kfs-course-import`, {
          kfs_course_id: 1,
        })
      ).statusCode,
    ).toBe(403);
  });
});

describe('sync from another course', () => {
  const ids = {} as Record<'algebra' | 'groups' | 'rings' | 'fields', number>;
  const keys = {} as Record<'algebra' | 'groups' | 'rings' | 'fields', string>;

  it('sets the source, shows everything as added, and syncs it in the job queue', async () => {
    const algebra = await node(sourceId, {
      name: 'Algebra',
      bloom_level: 'understand',
      description: 'Structures',
    });
    const groups = await node(sourceId, { name: 'Groups', parent_id: algebra.id });
    const rings = await node(sourceId, { name: 'Rings', parent_id: algebra.id });
    Object.assign(ids, { algebra: algebra.id, groups: groups.id, rings: rings.id });
    Object.assign(keys, { algebra: algebra.node_key, groups: groups.node_key, rings: rings.node_key });
    await relate(sourceId, groups.id, rings.id);
    await ok(s.owner, 'POST', `${base(sourceId)}/teaching-objective`, {
      content: 'Know the structures',
      knowledge_node_ids: [groups.id],
    });
    // A node made in the course itself is never touched by syncing.
    await node(courseId, { name: 'Local note' });

    const set = await ok<KnowledgeSyncStatus>(s.assistant, 'PUT', `${base()}/knowledge-graph/source`, {
      source: { type: 'course', course_id: sourceId },
    });
    expect(set).toMatchObject({ source: { type: 'course', course_id: sourceId }, status: 'idle' });

    const diff = await ok<KnowledgeGraphDiff>(s.owner, 'GET', `${base()}/knowledge-graphs/diff`);
    expect(diff.nodes.map((n) => [n.change, n.source_name])).toEqual([
      ['added', 'Algebra'],
      ['added', 'Groups'],
      ['added', 'Rings'],
    ]);
    expect(diff.relations.map((r) => [r.change, r.source_name, r.target_name])).toEqual([
      ['added', 'Groups', 'Rings'],
    ]);

    const queued = await ok<KnowledgeSyncStatus>(s.owner, 'POST', `${base()}/knowledge-graph/sync`);
    expect(queued.status).toBe('running');
    expect((await call(s.owner, 'POST', `${base()}/knowledge-graph/sync`)).statusCode).toBe(409);
    const [job] = await t.db.select().from(jobs).where(eq(jobs.type, KNOWLEDGE_SOURCE_SYNC_JOB));
    expect(job?.payload).toEqual({ course_id: courseId });
    await runJobsUntilIdle(t);

    const status = await ok<KnowledgeSyncStatus>(s.owner, 'GET', `${base()}/knowledge-graph/sync-status`);
    expect(status.status).toBe('succeeded');
    expect(status.last_synced_at).not.toBeNull();
    expect(status.counts).toEqual({
      nodes_added: 3,
      nodes_changed: 0,
      nodes_removed: 0,
      relations_added: 1,
      relations_changed: 0,
      relations_removed: 0,
      objectives_added: 1,
    });
    const nodes = await liveNodes(courseId);
    expect(nodes.map((n) => [n.name, n.sourceKey]).sort()).toEqual(
      [
        ['Algebra', keys.algebra],
        ['Groups', keys.groups],
        ['Local note', null],
        ['Rings', keys.rings],
      ].sort(),
    );
    const synced = new Map(nodes.map((n) => [n.sourceKey, n]));
    expect(synced.get(keys.groups)?.parentId).toBe(synced.get(keys.algebra)?.id);
    expect(synced.get(keys.algebra)).toMatchObject({ bloomLevel: 'understand', description: 'Structures' });
    const [objective] = await t.db
      .select()
      .from(knowledgeTeachingObjectives)
      .where(eq(knowledgeTeachingObjectives.courseId, courseId));
    expect(objective?.knowledgeNodeIds).toEqual([synced.get(keys.groups)?.id]);
    expect(await ok<KnowledgeGraphDiff>(s.owner, 'GET', `${base()}/knowledge-graphs/diff`)).toEqual({
      nodes: [],
      relations: [],
    });
  });

  it('a re-sync updates rather than duplicates; items apply one by one; removed nodes are only marked deleted', async () => {
    await ok(s.owner, 'PUT', `/api/knowledge-node/${ids.groups}`, { name: 'Group theory' });
    const fields = await node(sourceId, { name: 'Fields', parent_id: ids.algebra });
    ids.fields = fields.id;
    keys.fields = fields.node_key;
    await ok(s.owner, 'POST', `${base(sourceId)}/knowledge-node/delete`, { knowledge_node_ids: [ids.rings] });
    await relate(sourceId, ids.groups, fields.id, 'undirected');

    const diff = await ok<KnowledgeGraphDiff>(s.owner, 'GET', `${base()}/knowledge-graphs/diff`);
    expect(diff.nodes.map((n) => [n.change, n.key, n.fields])).toEqual([
      ['added', keys.fields, []],
      ['changed', keys.groups, ['name']],
      ['removed', keys.rings, []],
    ]);
    expect(diff.relations.map((r) => r.change).sort()).toEqual(['added', 'removed']);

    // Only the rename: the added node and the removal stay in the diff.
    const first = await ok<ApplyKnowledgeDiffResponse>(
      s.owner,
      'POST',
      `${base()}/knowledge-graphs/diff/sync`,
      {
        items: [
          { type: 'node', key: keys.groups },
          { type: 'node', key: 'no-such-key' },
        ],
      },
    );
    expect(first.counts.nodes_changed).toBe(1);
    expect(first.skipped).toBe(1);
    const after = await ok<KnowledgeGraphDiff>(s.owner, 'GET', `${base()}/knowledge-graphs/diff`);
    expect(after.nodes.map((n) => n.change)).toEqual(['added', 'removed']);

    const rest = await ok<ApplyKnowledgeDiffResponse>(
      s.owner,
      'POST',
      `${base()}/knowledge-graphs/diff/sync`,
      {
        all: true,
      },
    );
    expect(rest.counts).toMatchObject({
      nodes_added: 1,
      nodes_removed: 1,
      relations_added: 1,
      relations_removed: 1,
    });
    const live = await liveNodes(courseId);
    expect(live.map((n) => n.name).sort()).toEqual(['Algebra', 'Fields', 'Group theory', 'Local note']);
    expect(live.filter((n) => n.sourceKey === keys.groups)).toHaveLength(1);
    const [gone] = await t.db
      .select()
      .from(knowledgeNodes)
      .where(and(eq(knowledgeNodes.courseId, courseId), eq(knowledgeNodes.name, 'Rings')));
    expect(gone?.deletedAt).not.toBeNull();
    const relations = await t.db
      .select()
      .from(knowledgeNodeRelations)
      .where(eq(knowledgeNodeRelations.courseId, courseId));
    expect(relations.map((r) => r.type)).toEqual(['undirected']);
    const status = await ok<KnowledgeSyncStatus>(s.owner, 'GET', `${base()}/knowledge-graph/sync-status`);
    expect(status.counts?.nodes_added).toBe(1);
  });

  it('replace takes a snapshot, marks every node deleted and writes the source graph', async () => {
    const before = await liveNodes(courseId);
    const replaced = await ok<ReplaceKnowledgeGraphResponse>(
      s.owner,
      'PUT',
      `${base()}/knowledge-graph/replace`,
      {},
    );
    expect(replaced.counts).toMatchObject({
      nodes_removed: before.length,
      nodes_added: 3,
      relations_added: 1,
    });
    const [snapshot] = await t.db
      .select()
      .from(knowledgeGraphSnapshots)
      .where(eq(knowledgeGraphSnapshots.id, replaced.snapshot_id));
    expect(snapshot?.trigger).toBe('replace');
    expect(snapshot?.tree.map((n) => n.name).sort()).toEqual(before.map((n) => n.name).sort());
    const live = await liveNodes(courseId);
    expect(live.map((n) => n.name).sort()).toEqual(['Algebra', 'Fields', 'Group theory']);
    expect(live.every((n) => !before.some((b) => b.id === n.id))).toBe(true);
    const deleted = await t.db
      .select({ id: knowledgeNodes.id })
      .from(knowledgeNodes)
      .where(and(eq(knowledgeNodes.courseId, courseId), isNotNull(knowledgeNodes.deletedAt)));
    expect(deleted.length).toBe(before.length + 1);
  });

  it('a failed sync says why in sync-status', async () => {
    // The source course disappears between the request and the job.
    const doomed = (await createCourse(t, orgId, s.owner.userId)).id;
    await ok(s.owner, 'PUT', `${base()}/knowledge-graph/source`, {
      source: { type: 'course', course_id: doomed },
    });
    await ok(s.owner, 'POST', `${base()}/knowledge-graph/sync`);
    await t.db.delete(courses).where(eq(courses.id, doomed));
    await runJobsUntilIdle(t);
    const status = await ok<KnowledgeSyncStatus>(s.owner, 'GET', `${base()}/knowledge-graph/sync-status`);
    expect(status).toMatchObject({ status: 'failed', error: 'The source course no longer exists.' });
  });
});

describe('similar nodes', () => {
  let simId: number;
  beforeAll(async () => {
    simId = (await createCourse(t, orgId, s.owner.userId)).id;
  });

  it('pairs similar Chinese and English names with scores, and clusters them', async () => {
    const a = await node(simId, { name: '函数的极限', description: '极限的定义' });
    const b = await node(simId, { name: '函数极限', description: '' });
    await node(simId, { name: '线性代数' });
    const c = await node(simId, { name: 'Linear equations' });
    const d = await node(simId, { name: 'Linear equation' });
    const e = await node(simId, { name: 'linear equation systems' });

    const res = await ok<KnowledgeSimilarityResponse>(
      s.owner,
      'POST',
      `${base(simId)}/knowledge-graphs/similarity`,
      {
        threshold: 0.5,
      },
    );
    expect(res.truncated).toBe(false);
    const pairs = res.similarities.map((p) => [p.source_node_id, p.target_node_id]);
    expect(pairs).toContainEqual([a.id, b.id]);
    expect(pairs).toContainEqual([c.id, d.id]);
    expect(res.similarities.every((p) => p.score >= 0.5 && p.score <= 1)).toBe(true);
    expect(res.similarities[0]).toMatchObject({ source_node_id: c.id, target_node_id: d.id });
    const limited = await ok<KnowledgeSimilarityResponse>(
      s.owner,
      'POST',
      `${base(simId)}/knowledge-graphs/similarity`,
      {
        threshold: 0.5,
        limit: 1,
      },
    );
    expect(limited.similarities).toHaveLength(1);
    expect(limited.truncated).toBe(true);

    const clusters = await ok<KnowledgeClusters>(
      s.owner,
      'GET',
      `${base(simId)}/knowledge-graph/cluster?threshold=0.5`,
    );
    expect(clusters.clusters.map((cl) => cl.nodes.map((n) => n.id))).toEqual([
      [a.id, b.id],
      [c.id, d.id, e.id],
    ]);
    expect(
      (await call(s.owner, 'GET', `${base(simId)}/knowledge-graph/cluster?threshold=0.05`)).statusCode,
    ).toBe(400);
  });

  it('compares two graphs when asked, and gives the editor and cluster page addresses', async () => {
    const res = await ok<KnowledgeSimilarityResponse>(
      s.owner,
      'POST',
      `${base(simId)}/knowledge-graphs/similarity`,
      {
        target_course_id: sourceId,
        threshold: 0.3,
      },
    );
    expect(res.similarities.every((p) => p.target_name !== '')).toBe(true);
    expect(
      (
        await call(s.owner, 'POST', `${base(simId)}/knowledge-graphs/similarity`, {
          target_course_id: strangerCourseId,
        })
      ).statusCode,
    ).toBe(403);
    expect(await ok(s.owner, 'GET', `${base(simId)}/knowledge-graph/edit-url`)).toEqual({
      url: `/course/${simId}/knowledge-graph`,
    });
    expect(await ok(s.owner, 'GET', `${base(simId)}/knowledge-graph/embed/cluster-graph`)).toEqual({
      url: `/course/${simId}/knowledge-graph?knowledge_sync=clusters`,
    });
  });
});
