import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type {
  KnowledgePublishedVersions,
  KnowledgeSourceSubjects,
  KnowledgeVersionStats,
} from '@lectern/contracts/knowledge-graph/knowledge-source.schemas';
import type {
  KnowledgeGraphDiff,
  KnowledgeSyncStatus,
} from '@lectern/contracts/knowledge-graph/knowledge-sync.schemas';
import { knowledgeNodes } from '../../db/schema/knowledge-graph.ts';
import { AppError } from '../../platform/errors.ts';
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
import { cleanForest, lecternKnowledgeSource } from './knowledge-source.adapter.ts';

/**
 * The Lectern-to-Lectern knowledge source against a second, real Lectern listening on a local port: the
 * remote serves its published graphs under /api/knowledge-source to a service account's access token, and
 * this Lectern's kfs calls and queued sync read them through the adapter's HTTP client.
 */
let remote: TestApp;
let local: TestApp;
let remoteUrl: string;
let token: string;
const r = {} as { owner: Session; publishedId: number; hiddenId: number; strangerId: number; keys: string[] };
const l = {} as { owner: Session; student: Session; courseId: number };

type Method = 'GET' | 'POST' | 'PUT';
async function ok<T>(app: TestApp, as: Session, method: Method, url: string, payload?: unknown): Promise<T> {
  const res = await app.app.inject({
    method,
    url,
    headers: as.headers,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json() as T;
}

beforeAll(async () => {
  remote = await createTestApp();
  const orgId = (await createOrg(remote)).id;
  const owner = await createUser(remote, orgId);
  const service = await createUser(remote, orgId);
  r.owner = await loginAs(remote, owner);
  r.publishedId = (await createCourse(remote, orgId, owner.id)).id;
  r.hiddenId = (await createCourse(remote, orgId, owner.id)).id;
  r.strangerId = (await createCourse(remote, orgId, owner.id)).id;
  // The service account reads the courses it is a member of: the published one and an unpublished one.
  await addMember(remote, r.publishedId, service.id, ['student']);
  await addMember(remote, r.hiddenId, service.id, ['student']);
  const add = (course: number, body: Record<string, unknown>) =>
    ok<{ id: number; node_key: string }>(
      remote,
      r.owner,
      'POST',
      `/api/course/${course}/knowledge-node`,
      body,
    );
  const calculus = await add(r.publishedId, { name: '微积分', description: '极限与导数' });
  const limits = await add(r.publishedId, {
    name: '函数的极限',
    parent_id: calculus.id,
    bloom_level: 'understand',
  });
  await ok(remote, r.owner, 'POST', `/api/course/${r.publishedId}/knowledge-node/relation`, {
    source: calculus.id,
    target: limits.id,
  });
  r.keys = [calculus.node_key, limits.node_key];
  await add(r.hiddenId, { name: 'Not published' });
  await add(r.strangerId, { name: 'Not a member' });
  await ok(remote, r.owner, 'POST', `/api/course/${r.publishedId}/knowledge-graph-status`, {
    publish_type: 'publish',
  });
  await ok(remote, r.owner, 'POST', `/api/course/${r.strangerId}/knowledge-graph-status`, {
    publish_type: 'publish',
  });
  const created = await ok<{ token: string }>(
    remote,
    await loginAs(remote, service),
    'POST',
    '/api/user/access-tokens',
    {
      name: 'Lectern knowledge source',
      scope: 'read',
      expires_at: new Date(Date.now() + 86_400_000).toISOString(),
    },
  );
  token = created.token;
  remoteUrl = await remote.app.listen({ port: 0, host: '127.0.0.1' });

  local = await createTestApp({
    KNOWLEDGE_SOURCE_URL: remoteUrl,
    KNOWLEDGE_SOURCE_TOKEN: token,
    KNOWLEDGE_SOURCE_NAME: 'Partner Lectern',
  });
  const localOrg = (await createOrg(local)).id;
  const teacher = await createUser(local, localOrg);
  const student = await createUser(local, localOrg);
  l.courseId = (await createCourse(local, localOrg, teacher.id)).id;
  await addMember(local, l.courseId, student.id, ['student']);
  l.owner = await loginAs(local, teacher);
  l.student = await loginAs(local, student);
}, 120_000);
afterAll(async () => {
  await local?.close();
  await remote?.close();
});

describe('the remote Lectern’s source reads', () => {
  it('refuse anonymous callers and answer a graph that is not published as missing', async () => {
    const anonymous = await fetch(`${remoteUrl}/api/knowledge-source/subjects`);
    expect(anonymous.status).toBe(401);
    const hidden = await fetch(`${remoteUrl}/api/knowledge-source/courses/${r.hiddenId}/forest`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(hidden.status).toBe(404);
    const stranger = await fetch(`${remoteUrl}/api/knowledge-source/courses/${r.strangerId}/forest`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(stranger.status).toBe(404);
  });
});

describe('kfs calls through the adapter', () => {
  let firstVersion: number;

  it('lists the subjects, published versions and their figures the service account may read', async () => {
    const subjects = await ok<KnowledgeSourceSubjects>(
      local,
      l.owner,
      'GET',
      '/api/knowledge-graph/kfs-subjects',
    );
    expect(subjects.subjects).toHaveLength(1);
    expect(subjects.subjects[0]?.courses.map((c) => c.id)).toEqual([r.publishedId]);

    // A second publish is a second version, listed first.
    await ok(remote, r.owner, 'POST', `/api/course/${r.publishedId}/knowledge-node`, { name: '导数' });
    await ok(remote, r.owner, 'POST', `/api/course/${r.publishedId}/knowledge-graph-status`, {
      publish_type: 'publish',
    });
    const versions = await ok<KnowledgePublishedVersions>(
      local,
      l.owner,
      'GET',
      `/api/knowledge-graph/kfs-courses/-/published-forest-versions:batchGet?ids=${r.publishedId},${r.hiddenId}`,
    );
    expect(versions.items.map((i) => i.course_id)).toEqual([r.publishedId]);
    const list = versions.items[0]?.versions ?? [];
    expect(list.map((v) => v.node_count)).toEqual([3, 2]);
    firstVersion = list[1]?.id ?? 0;

    const stats = await ok<KnowledgeVersionStats>(
      local,
      l.owner,
      'GET',
      `/api/knowledge-graph/forest-versions/-/stats:batchGet?ids=${list.map((v) => v.id).join(',')}`,
    );
    expect(stats.items.find((i) => i.id === firstVersion)).toMatchObject({
      node_count: 2,
      relation_count: 1,
      max_depth: 2,
      root_count: 1,
      bloom_counts: { understand: 1 },
    });
    const refused = await local.app.inject({
      method: 'GET',
      url: '/api/knowledge-graph/kfs-subjects',
      headers: l.student.headers,
    });
    expect(refused.statusCode).toBe(403);
  });

  it('imports a version through the job queue, then follows the latest version', async () => {
    const queued = await ok<KnowledgeSyncStatus>(
      local,
      l.owner,
      'POST',
      `/api/knowledge-graph/courses/${l.courseId}/kfs-course-import`,
      { kfs_course_id: r.publishedId, kfs_version_id: firstVersion },
    );
    expect(queued).toMatchObject({
      status: 'running',
      source: { type: 'remote', kfs_course_id: r.publishedId, kfs_version_id: firstVersion },
      remote_configured: true,
      remote_name: 'Partner Lectern',
    });
    await runJobsUntilIdle(local);
    const info = await ok<KnowledgeSyncStatus>(
      local,
      l.owner,
      'GET',
      `/api/knowledge-graph/courses/${l.courseId}/kfs-import-info`,
    );
    expect(info.status).toBe('succeeded');
    expect(info.counts).toMatchObject({ nodes_added: 2, relations_added: 1 });
    const nodes = await local.db.select().from(knowledgeNodes).where(eq(knowledgeNodes.courseId, l.courseId));
    expect(nodes.map((n) => n.sourceKey).sort()).toEqual([...r.keys].sort());
    expect(nodes.find((n) => n.name === '微积分')?.description).toBe('极限与导数');

    await ok(local, l.owner, 'PUT', `/api/course/${l.courseId}/knowledge-graph/source`, {
      source: { type: 'remote', kfs_course_id: r.publishedId, kfs_version_id: null },
    });
    const diff = await ok<KnowledgeGraphDiff>(
      local,
      l.owner,
      'GET',
      `/api/course/${l.courseId}/knowledge-graphs/diff`,
    );
    expect(diff.nodes.map((n) => [n.change, n.source_name])).toEqual([['added', '导数']]);
  });

  it('refuses an unknown remote course before setting it as the source', async () => {
    const res = await local.app.inject({
      method: 'PUT',
      url: `/api/course/${l.courseId}/knowledge-graph/source`,
      headers: l.owner.headers,
      payload: { source: { type: 'remote', kfs_course_id: r.strangerId, kfs_version_id: null } },
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('the HTTP adapter itself', () => {
  it('reports a refused token and an unreachable source as typed errors', async () => {
    const refused = lecternKnowledgeSource({
      url: remoteUrl,
      token: 'lct_wrong',
      name: 'x',
      timeoutMs: 5000,
    });
    await expect(refused.listSubjects()).rejects.toMatchObject({
      code: 'bad_gateway',
      detail: 'knowledgeSync.remoteRefused',
    });
    const down = lecternKnowledgeSource({ url: 'http://127.0.0.1:9', token, name: 'x', timeoutMs: 2000 });
    const error = await down.listSubjects().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ detail: 'knowledgeSync.remoteUnreachable' });
    const forest = await lecternKnowledgeSource({
      url: remoteUrl,
      token,
      name: 'x',
      timeoutMs: 5000,
    }).fetchForest(r.publishedId, null);
    expect(forest.nodes.map((n) => n.name).sort()).toEqual(['函数的极限', '导数', '微积分'].sort());
  });

  it('holds what the source sends to this Lectern’s rules: plain text, within the limits, named', () => {
    const node = (key: string, name: string) => ({
      key,
      parent_key: null,
      name,
      description: '',
      bloom_level: null,
      sort: 0,
    });
    const cleaned = cleanForest({
      course_id: 1,
      version_id: 1,
      nodes: [node('a', '<b>Limits</b>'), node('b', '<script>alert(1)</script>'), node('c', 'x'.repeat(150))],
      relations: [],
      objectives: [{ content: '<i>Know limits</i>', node_keys: ['a'] }],
    });
    expect(cleaned.nodes.map((n) => n.name)).toEqual(['Limits', 'x'.repeat(100)]);
    expect(cleaned.objectives).toEqual([{ content: 'Know limits', node_keys: ['a'] }]);
  });
});
