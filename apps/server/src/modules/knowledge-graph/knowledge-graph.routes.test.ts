import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  KnowledgeNodeDetailSchema,
  KnowledgeNodesResponseSchema,
  type KnowledgeTreeNode,
} from '@lectern/contracts/knowledge-graph/knowledge-node.schemas';
import { courses } from '../../db/schema/courses.ts';
import { subjectKnowledgeNodes } from '../../db/schema/exams.ts';
import { jobs } from '../../db/schema/jobs.ts';
import {
  knowledgeNodeReferences,
  knowledgeNodeRelations,
  knowledgeNodes,
  knowledgeVisits,
} from '../../db/schema/knowledge-graph.ts';
import { uploadReferences } from '../../db/schema/uploads.ts';
import { createSubjectLib, insertSubjects, singleChoice } from '../../test/exams-factories.ts';
import {
  addMember,
  createActivity,
  createCourse,
  createModule,
  createUpload,
  createUser,
  loginAs,
  type Session,
} from '../../test/factories.ts';
import { createCourseTeam, TEACHING_TEAM } from '../../test/course-team-factories.ts';
import { runJobsUntilIdle } from '../../test/jobs.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { DAILY_SNAPSHOT_JOB } from './knowledge-snapshot.job.ts';

let t: TestApp;
let orgId: number;
let courseId: number;
let otherCourseId: number;
let moduleId: number;
let ownerId: number;
let ownerUser: Awaited<ReturnType<typeof createUser>>;
const s = {} as Record<'owner' | 'assistant' | 'student' | 'student2' | 'outsider' | 'simulating', Session>;

beforeAll(async () => {
  t = await createTestApp();
  const team = await createCourseTeam(t, TEACHING_TEAM);
  ({ orgId, courseId, moduleId } = team);
  ownerUser = team.users.owner;
  ownerId = ownerUser.id;
  Object.assign(s, team.sessions);
  otherCourseId = (await createCourse(t, orgId, ownerId)).id;
});
afterAll(async () => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (as: Session, method: Method, url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: as.headers,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

async function createNode(
  as: Session,
  body: Record<string, unknown>,
  course = courseId,
): Promise<{ id: number; node_key: string; sort: number; parent_id: number | null }> {
  const res = await call(as, 'POST', `/api/course/${course}/knowledge-node`, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const listNodes = (as: Session, query = '') =>
  call(as, 'GET', `/api/course/${courseId}/knowledge-nodes${query}`);
const publish = (as: Session, type: 'publish' | 'unpublish', course = courseId) =>
  call(as, 'POST', `/api/course/${course}/knowledge-graph-status`, { publish_type: type });

const flatten = (items: KnowledgeTreeNode[]): KnowledgeTreeNode[] =>
  items.flatMap((item) => [item, ...flatten(item.children)]);

describe('knowledge nodes', () => {
  it('builds a tree the picker can draw, in sibling order, with the selection the caller passes', async () => {
    const root = await createNode(s.owner, { name: 'Algebra', bloom_level: 'understand' });
    const b = await createNode(s.assistant, { name: 'Equations', parent_id: root.id });
    const a = await createNode(s.owner, { name: 'Variables', parent_id: root.id, index: 0 });
    const res = await listNodes(s.owner, `?selected_ids=${b.id}`);
    expect(res.statusCode).toBe(200);
    const body = KnowledgeNodesResponseSchema.parse(res.json());
    expect(body.can_edit).toBe(true);
    expect(body.published).toBe(false);
    const tree = body.items.find((n) => n.id === root.id);
    expect(tree).toMatchObject({
      name: 'Algebra',
      title: 'Algebra',
      text: 'Algebra',
      bloom_level: 'understand',
    });
    expect(tree?.nodeKey).toBe(root.node_key);
    expect(tree?.children.map((c) => c.id)).toEqual([a.id, b.id]);
    expect(tree?.children[1]).toMatchObject({ selected: true, state: { selected: true, opened: true } });
    expect(tree?.children[0]?.selected).toBe(false);
  });

  it('refuses a missing or too long name, an unknown Bloom level and a parent of another course', async () => {
    const empty = await call(s.owner, 'POST', `/api/course/${courseId}/knowledge-node`, { name: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors.name).toBeDefined();
    const long = await call(s.owner, 'POST', `/api/course/${courseId}/knowledge-node`, {
      name: 'x'.repeat(101),
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().errors.name).toBeDefined();
    const bloom = await call(s.owner, 'POST', `/api/course/${courseId}/knowledge-node`, {
      name: 'N',
      bloom_level: 'memorise',
    });
    expect(bloom.statusCode).toBe(400);
    expect(bloom.json().errors.bloom_level).toBeDefined();
    const foreign = await createNode(s.owner, { name: 'Elsewhere' }, otherCourseId);
    const cross = await call(s.owner, 'POST', `/api/course/${courseId}/knowledge-node`, {
      name: 'N',
      parent_id: foreign.id,
    });
    expect(cross.statusCode).toBe(400);
    expect(cross.json().errors.parent_id).toBeDefined();
    expect(typeof cross.json().message).toBe('string');
  });

  it('stores names as plain text: markup is stripped before the checks', async () => {
    const node = await createNode(s.owner, { name: '<b>Limits</b><script>alert(1)</script>' });
    expect((node as unknown as { name: string }).name).toBe('Limits');
    const onlyMarkup = await call(s.owner, 'POST', `/api/course/${courseId}/knowledge-node`, {
      name: '<i></i>',
    });
    expect(onlyMarkup.statusCode).toBe(400);
  });

  it('keeps node keys unique within a course', async () => {
    await createNode(s.owner, { name: 'Keyed', node_key: 'k-1' });
    const again = await call(s.owner, 'POST', `/api/course/${courseId}/knowledge-node`, {
      name: 'Keyed again',
      node_key: 'k-1',
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().errors.node_key).toBeDefined();
  });

  it('updates a node and reads it with its ancestors', async () => {
    const root = await createNode(s.owner, { name: 'Geometry' });
    const child = await createNode(s.owner, { name: 'Angles', parent_id: root.id });
    const put = await call(s.owner, 'PUT', `/api/knowledge-node/${child.id}`, {
      name: 'Angles and lines',
      bloom_level: 'apply',
      description: 'Measuring',
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({
      name: 'Angles and lines',
      bloom_level: 'apply',
      description: 'Measuring',
    });
    const get = await call(s.owner, 'GET', `/api/knowledge-node/${child.id}`);
    expect(get.statusCode).toBe(200);
    const detail = KnowledgeNodeDetailSchema.parse(get.json());
    expect(detail.ancestors.map((a) => a.id)).toEqual([root.id]);
    const clear = await call(s.owner, 'PUT', `/api/knowledge-node/${child.id}`, { bloom_level: null });
    expect(clear.json().bloom_level).toBeNull();
  });

  it('moves a node, and refuses a move under itself or its own descendant', async () => {
    const a = await createNode(s.owner, { name: 'Move A' });
    const b = await createNode(s.owner, { name: 'Move B', parent_id: a.id });
    const c = await createNode(s.owner, { name: 'Move C', parent_id: b.id });
    const d = await createNode(s.owner, { name: 'Move D' });
    const move = (body: Record<string, unknown>) =>
      call(s.owner, 'POST', `/api/course/${courseId}/knowledge-node/move`, body);

    const cycle = await move({ knowledge_node_id: a.id, parent_id: c.id });
    expect(cycle.statusCode).toBe(400);
    expect(cycle.json().errors.parent_id).toBeDefined();
    expect((await move({ knowledge_node_id: a.id, parent_id: a.id })).statusCode).toBe(400);

    const ok = await move({ knowledge_node_id: c.id, parent_id: d.id });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().parent_id).toBe(d.id);
    const top = await move({ knowledge_node_id: b.id, parent_id: null, index: 0 });
    expect(top.json()).toMatchObject({ parent_id: null, sort: 0 });

    const foreign = await createNode(s.owner, { name: 'Foreign' }, otherCourseId);
    const across = await move({ knowledge_node_id: c.id, parent_id: foreign.id });
    expect(across.statusCode).toBe(400);
  });

  it('lets only the teaching team edit, and nobody while simulating', async () => {
    const node = await createNode(s.owner, { name: 'Guarded' });
    for (const who of [s.student, s.outsider]) {
      expect(
        (await call(who, 'POST', `/api/course/${courseId}/knowledge-node`, { name: 'x' })).statusCode,
      ).toBe(403);
      expect((await call(who, 'PUT', `/api/knowledge-node/${node.id}`, { name: 'x' })).statusCode).toBe(403);
      expect((await call(who, 'DELETE', `/api/knowledge-node/${node.id}`)).statusCode).toBe(403);
    }
    const simulated = await call(s.simulating, 'PUT', `/api/knowledge-node/${node.id}`, { name: 'x' });
    expect(simulated.statusCode).toBe(403);
    expect(simulated.json().code).toBe('simulating_read_only');
  });

  it('deletes a node with its subtree, their relations, references and question links, in one call', async () => {
    const root = await createNode(s.owner, { name: 'Doomed' });
    const child = await createNode(s.owner, { name: 'Doomed child', parent_id: root.id });
    const grandchild = await createNode(s.owner, { name: 'Doomed grandchild', parent_id: child.id });
    const keeper = await createNode(s.owner, { name: 'Keeper' });
    const activity = await createActivity(t, { courseId, moduleId, createdBy: ownerId });
    const lib = await createSubjectLib(t, { orgId, ownerId, courseId });
    const [subjectId] = await insertSubjects(t, { libId: lib.id }, [singleChoice(1)], ownerId);
    const rel = await call(s.owner, 'POST', `/api/course/${courseId}/knowledge-node/relation`, {
      source: keeper.id,
      target: grandchild.id,
    });
    expect(rel.statusCode).toBe(201);
    const ref = await call(s.owner, 'POST', `/api/knowledge-node/${child.id}/reference`, {
      references: [
        { refer_type: 'activity', refer_id: activity.id },
        { refer_type: 'subject', refer_id: subjectId },
      ],
    });
    expect(ref.statusCode, ref.body).toBe(200);

    const res = await call(s.owner, 'DELETE', `/api/knowledge-node/${root.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().knowledge_node_ids).toEqual([root.id, child.id, grandchild.id].sort((x, y) => x - y));
    const ids = flatten((await listNodes(s.owner)).json().items).map((n) => n.id);
    expect(ids).toContain(keeper.id);
    expect(ids).not.toContain(child.id);
    expect(
      await t.db
        .select()
        .from(knowledgeNodeRelations)
        .where(eq(knowledgeNodeRelations.targetId, grandchild.id)),
    ).toEqual([]);
    expect(
      await t.db
        .select()
        .from(knowledgeNodeReferences)
        .where(eq(knowledgeNodeReferences.knowledgeNodeId, child.id)),
    ).toEqual([]);
    expect(
      await t.db
        .select()
        .from(subjectKnowledgeNodes)
        .where(eq(subjectKnowledgeNodes.knowledgeNodeId, child.id)),
    ).toEqual([]);
    expect((await call(s.owner, 'GET', `/api/knowledge-node/${child.id}`)).statusCode).toBe(404);
  });

  it('bulk-deletes nodes with their subtrees and relations, refusing ids of another course', async () => {
    const a = await createNode(s.owner, { name: 'Bulk A' });
    const a1 = await createNode(s.owner, { name: 'Bulk A1', parent_id: a.id });
    const b = await createNode(s.owner, { name: 'Bulk B' });
    const c = await createNode(s.owner, { name: 'Bulk C' });
    await call(s.owner, 'POST', `/api/course/${courseId}/knowledge-node/relation`, {
      source: a1.id,
      target: c.id,
    });
    const foreign = await createNode(s.owner, { name: 'Bulk foreign' }, otherCourseId);
    const url = `/api/course/${courseId}/knowledge-node/delete`;
    const refused = await call(s.owner, 'POST', url, { knowledge_node_ids: [a.id, foreign.id] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors.knowledge_node_ids).toBeDefined();
    expect((await call(s.student, 'POST', url, { knowledge_node_ids: [a.id] })).statusCode).toBe(403);

    const res = await call(s.owner, 'POST', url, { knowledge_node_ids: [a.id, b.id] });
    expect(res.statusCode).toBe(200);
    expect(res.json().knowledge_node_ids).toEqual([a.id, a1.id, b.id].sort((x, y) => x - y));
    const [row] = await t.db.select().from(knowledgeNodes).where(eq(knowledgeNodes.id, a1.id));
    expect(row?.deletedAt).not.toBeNull();
    expect(
      await t.db.select().from(knowledgeNodeRelations).where(eq(knowledgeNodeRelations.sourceId, a1.id)),
    ).toEqual([]);
    const live = flatten((await listNodes(s.owner)).json().items).map((n) => n.id);
    expect(live).toContain(c.id);
  });
});

describe('relations', () => {
  it('creates, updates and deletes relations between nodes of one course', async () => {
    const a = await createNode(s.owner, { name: 'Rel A' });
    const b = await createNode(s.owner, { name: 'Rel B' });
    const c = await createNode(s.owner, { name: 'Rel C' });
    const url = `/api/course/${courseId}/knowledge-node/relation`;
    const created = await call(s.owner, 'POST', url, { source: a.id, target: b.id, type: 'directed' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ source: a.id, target: b.id, type: 'directed' });
    const id = created.json().id as number;

    const reverse = await call(s.owner, 'POST', url, { source: b.id, target: a.id });
    expect(reverse.statusCode).toBe(409);
    const self = await call(s.owner, 'POST', url, { source: a.id, target: a.id });
    expect(self.statusCode).toBe(400);
    expect(self.json().errors.target).toBeDefined();
    const foreign = await createNode(s.owner, { name: 'Rel foreign' }, otherCourseId);
    const cross = await call(s.owner, 'POST', url, { source: a.id, target: foreign.id });
    expect(cross.statusCode).toBe(400);
    expect(cross.json().errors.target).toBeDefined();
    expect((await call(s.student, 'POST', url, { source: a.id, target: c.id })).statusCode).toBe(403);

    const updated = await call(s.owner, 'PUT', url, { id, type: 'undirected', target: c.id });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ id, target: c.id, type: 'undirected' });
    const relations = (await listNodes(s.owner)).json().relations as { id: number }[];
    expect(relations.map((r) => r.id)).toContain(id);

    const del = `/api/course/${courseId}/knowledge-node/relation/delete`;
    expect((await call(s.owner, 'POST', del, { relation_ids: [id, 999999] })).statusCode).toBe(404);
    const deleted = await call(s.owner, 'POST', del, { relation_ids: [id] });
    expect(deleted.json()).toEqual({ relation_ids: [id] });
  });
});

describe('references, facets and fragments', () => {
  it('links a node to activities, files and questions of its course only', async () => {
    const node = await createNode(s.owner, { name: 'Referenced' });
    const activity = await createActivity(t, { courseId, moduleId, createdBy: ownerId, title: 'Reading' });
    const upload = await createUpload(t, orgId, ownerId, { bytes: Buffer.from('x'), name: 'notes.txt' });
    await t.db.insert(uploadReferences).values({
      uploadId: upload.id,
      parentType: 'learning_activity',
      parentId: activity.id,
      name: 'notes.txt',
      createdBy: ownerId,
    });
    const lib = await createSubjectLib(t, { orgId, ownerId, courseId });
    const [subjectId] = await insertSubjects(t, { libId: lib.id }, [singleChoice(1, 'What is x?')], ownerId);
    const otherModule = await createModule(t, otherCourseId);
    const foreignActivity = await createActivity(t, {
      courseId: otherCourseId,
      moduleId: otherModule.id,
      createdBy: ownerId,
    });

    const url = `/api/knowledge-node/${node.id}/reference`;
    const refused = await call(s.owner, 'POST', url, {
      references: [{ refer_type: 'activity', refer_id: foreignActivity.id }],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors.references).toBeDefined();
    const looseUpload = await createUpload(t, orgId, ownerId, { bytes: Buffer.from('y') });
    expect(
      (await call(s.owner, 'POST', url, { references: [{ refer_type: 'upload', refer_id: looseUpload.id }] }))
        .statusCode,
    ).toBe(400);
    expect(
      (
        await call(s.student, 'POST', url, {
          references: [{ refer_type: 'activity', refer_id: activity.id }],
        })
      ).statusCode,
    ).toBe(403);

    const added = await call(s.owner, 'POST', url, {
      references: [
        { refer_type: 'activity', refer_id: activity.id },
        { refer_type: 'upload', refer_id: upload.id },
        { refer_type: 'subject', refer_id: subjectId },
        { refer_type: 'activity', refer_id: activity.id },
      ],
    });
    expect(added.statusCode, added.body).toBe(200);
    const refs = added.json().references as {
      refer_type: string;
      refer_id: number;
      title: string;
      id: number | null;
    }[];
    expect(refs.map((r) => [r.refer_type, r.refer_id])).toEqual([
      ['activity', activity.id],
      ['upload', upload.id],
      ['subject', subjectId],
    ]);
    expect(refs[0]?.title).toBe('Reading');
    expect(refs[2]).toMatchObject({ id: null, title: 'What is x?' });
    // The question's link is the one the question itself carries (subject_knowledge_nodes).
    const links = await t.db
      .select()
      .from(subjectKnowledgeNodes)
      .where(
        and(
          eq(subjectKnowledgeNodes.subjectId, subjectId ?? 0),
          eq(subjectKnowledgeNodes.knowledgeNodeId, node.id),
        ),
      );
    expect(links).toHaveLength(1);

    const facets = await call(s.owner, 'GET', `/api/course/${courseId}/knowledge-node/${node.id}/facets`);
    expect(facets.statusCode).toBe(200);
    expect(facets.json()).toMatchObject({
      knowledge_node_id: node.id,
      total: 3,
      facets: [
        { refer_type: 'activity', count: 1 },
        { refer_type: 'upload', count: 1 },
        { refer_type: 'subject', count: 1 },
      ],
      activity_types: [{ activity_type: 'material', count: 1 }],
    });
    // A node of another course is not found under this course's path.
    const foreignNode = await createNode(s.owner, { name: 'F' }, otherCourseId);
    expect(
      (await call(s.owner, 'GET', `/api/course/${courseId}/knowledge-node/${foreignNode.id}/facets`))
        .statusCode,
    ).toBe(404);

    const removed = await call(s.owner, 'POST', `${url}/delete`, {
      references: [{ refer_type: 'subject', refer_id: subjectId }],
    });
    expect(removed.statusCode).toBe(200);
    expect((removed.json().references as unknown[]).length).toBe(2);
  });

  it('links an activity to nodes with fragments, reads and removes them', async () => {
    const n1 = await createNode(s.owner, { name: 'Video node 1' });
    const n2 = await createNode(s.owner, { name: 'Video node 2' });
    const video = await createActivity(t, {
      courseId,
      moduleId,
      createdBy: ownerId,
      type: 'online_video',
      title: 'Lecture',
    });
    const url = `/api/activities/${video.id}/knowledge-references`;
    const bad = await call(s.owner, 'POST', `${url}/related-media`, {
      knowledge_node_ids: [n1.id],
      fragments: [{ knowledge_node_id: n2.id, chapter_id: 'c1' }],
    });
    expect(bad.statusCode).toBe(400);
    const res = await call(s.owner, 'POST', `${url}/related-media`, {
      knowledge_node_ids: [n1.id, n2.id],
      fragments: [
        { knowledge_node_id: n1.id, chapter_id: 'c1', title: 'Intro', start_seconds: 0, end_seconds: 60 },
        { knowledge_node_id: n1.id, chapter_id: 'c2', title: 'Main', start_seconds: 60, end_seconds: 300 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const refs = res.json().references as { id: number; knowledge_node_id: number; fragments: unknown[] }[];
    expect(refs.map((r) => r.knowledge_node_id)).toEqual([n1.id, n2.id]);
    expect(refs[0]?.fragments).toHaveLength(2);

    const fragments = await call(s.owner, 'GET', `/api/course/${courseId}/knowledge-node/${n1.id}/fragments`);
    expect(fragments.json().items).toMatchObject([
      {
        chapter_id: 'c1',
        title: 'Intro',
        activity_id: video.id,
        activity_title: 'Lecture',
        activity_type: 'online_video',
      },
      { chapter_id: 'c2', start_seconds: 60, end_seconds: 300 },
    ]);
    const facets = await call(s.owner, 'GET', `/api/course/${courseId}/knowledge-node/${n1.id}/facets`);
    expect(facets.json().fragment_count).toBe(2);

    const del = await call(s.owner, 'PUT', `${url}/fragments-delete`, {
      knowledge_reference_id: refs[0]?.id,
      chapter_id: 'c1',
    });
    expect(del.statusCode, del.body).toBe(200);
    expect(del.json().references[0].fragments).toHaveLength(1);
    expect(
      (
        await call(s.owner, 'PUT', `${url}/fragments-delete`, {
          knowledge_reference_id: refs[0]?.id,
          chapter_id: 'c1',
        })
      ).statusCode,
    ).toBe(404);

    const narrowed = await call(s.owner, 'POST', `${url}/related-media`, { knowledge_node_ids: [n2.id] });
    expect(narrowed.json().references.map((r: { knowledge_node_id: number }) => r.knowledge_node_id)).toEqual(
      [n2.id],
    );
    const get = await call(s.owner, 'GET', `${url}/get`);
    expect(get.statusCode).toBe(200);
    expect(get.json().references).toHaveLength(1);
    expect(
      (await call(s.student, 'POST', `${url}/related-media`, { knowledge_node_ids: [] })).statusCode,
    ).toBe(403);

    const courseware = await call(s.owner, 'GET', `/api/course/${courseId}/courseware-activities`);
    expect(courseware.statusCode, courseware.body).toBe(200);
    const entry = (courseware.json().activities as { id: number; knowledge_node_ids: number[] }[]).find(
      (a) => a.id === video.id,
    );
    expect(entry?.knowledge_node_ids).toEqual([n2.id]);
    expect((await call(s.student, 'GET', `/api/course/${courseId}/courseware-activities`)).statusCode).toBe(
      403,
    );
  });
});

describe('teaching objectives', () => {
  it('adds, changes, lists and deletes objectives tied to nodes of the course', async () => {
    const node = await createNode(s.owner, { name: 'Objective node' });
    const foreign = await createNode(s.owner, { name: 'Objective foreign' }, otherCourseId);
    const url = `/api/course/${courseId}/teaching-objective`;
    const empty = await call(s.owner, 'POST', url, { content: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors.content).toBeDefined();
    expect(
      (await call(s.owner, 'POST', url, { content: 'x', knowledge_node_ids: [foreign.id] })).statusCode,
    ).toBe(400);
    expect((await call(s.student, 'POST', url, { content: 'x' })).statusCode).toBe(403);

    const created = await call(s.owner, 'POST', url, {
      content: 'Solve linear equations',
      knowledge_node_ids: [node.id],
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as number;
    const changed = await call(s.owner, 'PUT', url, { id, content: 'Solve and check linear equations' });
    expect(changed.json()).toMatchObject({
      content: 'Solve and check linear equations',
      knowledge_node_ids: [node.id],
    });
    await call(s.owner, 'DELETE', `/api/knowledge-node/${node.id}`);
    const list = await call(s.owner, 'GET', url);
    expect(
      list.json().teaching_objectives.find((o: { id: number }) => o.id === id).knowledge_node_ids,
    ).toEqual([]);
    const deleted = await call(s.owner, 'POST', `${url}/delete`, { teaching_objective_ids: [id] });
    expect(deleted.json()).toEqual({ teaching_objective_ids: [id] });
  });
});

describe('publishing, reading and snapshots', () => {
  it('shows the graph to students only once published, and takes a snapshot on each publish', async () => {
    const course = (await createCourse(t, orgId, ownerId)).id;
    const mod = (await createModule(t, course)).id;
    const student = await createUser(t, orgId);
    await addMember(t, course, student.id, ['student']);
    const studentSession = await loginAs(t, student);
    const simulating = await loginAs(t, ownerUser, { simulatingCourseId: course });
    const root = await createNode(s.owner, { name: 'Published root', bloom_level: 'remember' }, course);
    const child = await createNode(s.owner, { name: 'Published child', parent_id: root.id }, course);
    await call(s.owner, 'POST', `/api/course/${course}/knowledge-node/relation`, {
      source: root.id,
      target: child.id,
    });
    const hidden = await createActivity(t, {
      courseId: course,
      moduleId: mod,
      createdBy: ownerId,
      published: false,
      title: 'Draft',
    });
    const shown = await createActivity(t, {
      courseId: course,
      moduleId: mod,
      createdBy: ownerId,
      title: 'Shown',
    });
    const lib = await createSubjectLib(t, { orgId, ownerId, courseId: course });
    const [subjectId] = await insertSubjects(t, { libId: lib.id }, [singleChoice(1)], ownerId);
    await call(s.owner, 'POST', `/api/knowledge-node/${child.id}/reference`, {
      references: [
        { refer_type: 'activity', refer_id: hidden.id },
        { refer_type: 'activity', refer_id: shown.id },
        { refer_type: 'subject', refer_id: subjectId },
      ],
    });

    const status = (as: Session) => call(as, 'GET', `/api/course/${course}/knowledge-graph-status`);
    expect((await status(studentSession)).json()).toMatchObject({ published: false, published_at: null });
    expect((await status(s.outsider)).statusCode).toBe(403);
    const before = await call(studentSession, 'GET', `/api/course/${course}/knowledge-nodes`);
    expect(before.statusCode).toBe(403);
    expect((await call(studentSession, 'GET', `/api/knowledge-node/${child.id}`)).statusCode).toBe(403);
    expect((await call(simulating, 'GET', `/api/course/${course}/knowledge-nodes`)).statusCode).toBe(403);
    expect((await call(s.outsider, 'GET', `/api/course/${course}/knowledge-nodes`)).statusCode).toBe(403);
    expect((await publish(studentSession, 'publish', course)).statusCode).toBe(403);
    expect((await publish(simulating, 'publish', course)).statusCode).toBe(403);

    const published = await publish(s.owner, 'publish', course);
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json()).toMatchObject({ published: true });
    const snapshotId = published.json().snapshot_id as number;
    expect(snapshotId).toBeGreaterThan(0);

    expect((await status(studentSession)).json()).toMatchObject({ published: true });
    const read = await call(studentSession, 'GET', `/api/course/${course}/knowledge-nodes`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ published: true, can_edit: false });
    expect((await call(s.outsider, 'GET', `/api/course/${course}/knowledge-nodes`)).statusCode).toBe(403);
    // Students see visible activities only, never the questions behind a node.
    const detail = await call(studentSession, 'GET', `/api/knowledge-node/${child.id}`);
    expect(detail.json().references.map((r: { refer_id: number }) => r.refer_id)).toEqual([shown.id]);
    const teamDetail = await call(s.owner, 'GET', `/api/knowledge-node/${child.id}`);
    expect(teamDetail.json().references).toHaveLength(3);
    expect(
      (await call(studentSession, 'PUT', `/api/knowledge-node/${child.id}`, { name: 'x' })).statusCode,
    ).toBe(403);

    const timeline = await call(s.owner, 'GET', `/api/course/${course}/knowledge-stats-timeline`);
    expect(timeline.json().items).toMatchObject([
      { id: snapshotId, trigger: 'publish', node_count: 2, relation_count: 1 },
    ]);
    expect(
      (await call(studentSession, 'GET', `/api/course/${course}/knowledge-stats-timeline`)).statusCode,
    ).toBe(403);
    const snapshot = await call(
      s.owner,
      'GET',
      `/api/course/${course}/knowledge-graph-snapshot/${snapshotId}`,
    );
    expect(snapshot.statusCode, snapshot.body).toBe(200);
    expect(snapshot.json().tree).toMatchObject([
      {
        id: root.id,
        name: 'Published root',
        bloom_level: 'remember',
        children: [{ id: child.id, children: [] }],
      },
    ]);
    expect(snapshot.json().relations).toMatchObject([
      { source: root.id, target: child.id, type: 'directed' },
    ]);
    expect(
      (await call(s.owner, 'GET', `/api/course/${courseId}/knowledge-graph-snapshot/${snapshotId}`))
        .statusCode,
    ).toBe(404);

    // The snapshot keeps the graph as it was; a later publish takes another.
    await call(s.owner, 'PUT', `/api/knowledge-node/${root.id}`, { name: 'Renamed root' });
    const again = await publish(s.owner, 'publish', course);
    expect(again.json().snapshot_id).toBeGreaterThan(snapshotId);
    const old = await call(s.owner, 'GET', `/api/course/${course}/knowledge-graph-snapshot/${snapshotId}`);
    expect(old.json().tree[0].name).toBe('Published root');
    expect(
      (await call(s.owner, 'GET', `/api/course/${course}/knowledge-stats-timeline`)).json().items,
    ).toHaveLength(2);

    // Visitors read the published graph of a public course only; a private one answers like a missing one.
    const anonymous = () =>
      t.app.inject({ method: 'GET', url: `/anonymous-api/course/${course}/knowledge-nodes` });
    expect((await anonymous()).statusCode).toBe(404);
    await t.db.update(courses).set({ publicScope: 'public' }).where(eq(courses.id, course));
    const visitor = await anonymous();
    expect(visitor.statusCode, visitor.body).toBe(200);
    expect(visitor.json()).toMatchObject({ published: true, can_edit: false });
    expect(flatten(visitor.json().items)).toHaveLength(2);

    const withdrawn = await publish(s.owner, 'unpublish', course);
    expect(withdrawn.json()).toEqual({ published: false, published_at: null, snapshot_id: null });
    expect((await call(studentSession, 'GET', `/api/course/${course}/knowledge-nodes`)).statusCode).toBe(403);
    expect((await anonymous()).statusCode).toBe(404);
    expect(
      (await call(s.owner, 'POST', `/api/course/${course}/knowledge-graph-status`, { publish_type: 'x' }))
        .statusCode,
    ).toBe(400);
  });
});

describe('daily snapshots', () => {
  it('snapshots a published graph once a day, and stops when it is unpublished', async () => {
    const course = (await createCourse(t, orgId, ownerId)).id;
    await createNode(s.owner, { name: 'Daily' }, course);
    const pending = () =>
      t.db
        .select()
        .from(jobs)
        .where(and(eq(jobs.type, DAILY_SNAPSHOT_JOB), eq(jobs.status, 'init')))
        .then((rows) => rows.filter((j) => (j.payload as { course_id: number }).course_id === course));
    const before = Date.now();
    await publish(s.owner, 'publish', course);
    await publish(s.owner, 'publish', course);
    const [job, ...more] = await pending();
    expect(more).toEqual([]);
    expect(job!.runAt.getTime()).toBeGreaterThanOrEqual(before + 86_400_000 - 1000);

    await t.db.update(jobs).set({ runAt: new Date() }).where(eq(jobs.id, job!.id));
    await runJobsUntilIdle(t);
    const timeline = await call(s.owner, 'GET', `/api/course/${course}/knowledge-stats-timeline`);
    expect(timeline.json().items.map((i: { trigger: string }) => i.trigger)).toEqual([
      'daily',
      'publish',
      'publish',
    ]);
    const [next] = await pending();
    expect(next!.id).not.toBe(job!.id);

    await publish(s.owner, 'unpublish', course);
    expect(await pending()).toEqual([]);
  });
});

describe('captures and visits', () => {
  it('lets a student bookmark a node’s resource, share it, and records visits', async () => {
    const node = await createNode(s.owner, { name: 'Capture node' });
    const activity = await createActivity(t, {
      courseId,
      moduleId,
      createdBy: ownerId,
      title: 'Worked example',
    });
    const other = await createActivity(t, { courseId, moduleId, createdBy: ownerId, title: 'Unlinked' });
    await call(s.owner, 'POST', `/api/knowledge-node/${node.id}/reference`, {
      references: [{ refer_type: 'activity', refer_id: activity.id }],
    });
    await publish(s.owner, 'publish');

    const url = `/api/knowledge-node/${node.id}/capture`;
    const unlinked = await call(s.student, 'POST', url, { refer_type: 'activity', refer_id: other.id });
    expect(unlinked.statusCode).toBe(400);
    expect(
      (await call(s.outsider, 'POST', url, { refer_type: 'activity', refer_id: activity.id })).statusCode,
    ).toBe(403);
    const created = await call(s.student, 'POST', url, {
      refer_type: 'activity',
      refer_id: activity.id,
      note: 'Read twice',
      is_public: true,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      title: 'Worked example',
      note: 'Read twice',
      is_public: true,
      visit_count: 0,
    });
    const captureId = created.json().id as number;
    const privateOne = await call(s.student, 'POST', url, { refer_type: 'activity', refer_id: activity.id });
    const privateId = privateOne.json().id as number;

    const mine = await call(s.student, 'GET', '/api/my-captures?page=1&page_size=10');
    expect(mine.json()).toMatchObject({ total: 2, page: 1, page_size: 10 });
    const shared = await call(s.student2, 'GET', `/api/public-captures?course_id=${courseId}`);
    expect(shared.json().items.map((c: { id: number }) => c.id)).toEqual([captureId]);
    expect((await call(s.outsider, 'GET', '/api/public-captures')).json().items).toEqual([]);

    expect(
      (await call(s.student2, 'POST', '/api/knowledge-capture-visit', { capture_id: privateId })).statusCode,
    ).toBe(404);
    const visit = await call(s.student2, 'POST', '/api/knowledge-capture-visit', {
      capture_id: captureId,
      capture_code: 'x',
    });
    expect(visit.statusCode).toBe(204);
    const recommended = await call(
      s.student2,
      'GET',
      `/api/knowledge-node/${node.id}/recommended-captures?page_size=5`,
    );
    expect(recommended.json().items).toMatchObject([{ id: captureId, visit_count: 1 }]);

    const beacon = {
      user_id: 1,
      org_id: 1,
      course_id: courseId,
      knowledge_node_id: node.id,
      resource_id: activity.id,
      resource_type: 'activity',
      course_code: 'c',
      org_code: 'o',
    };
    expect((await call(s.student, 'POST', '/api/knowledge-resource-visit', beacon)).statusCode).toBe(204);
    expect(
      (await call(s.student, 'POST', '/api/knowledge-resource-visit', { ...beacon, resource_id: other.id }))
        .statusCode,
    ).toBe(400);
    expect((await call(s.outsider, 'POST', '/api/knowledge-resource-visit', beacon)).statusCode).toBe(403);
    // A simulating instructor's visit passes but is not a student's, so it is not stored.
    expect((await call(s.simulating, 'POST', '/api/knowledge-resource-visit', beacon)).statusCode).toBe(204);
    const visits = await t.db
      .select()
      .from(knowledgeVisits)
      .where(and(eq(knowledgeVisits.knowledgeNodeId, node.id), eq(knowledgeVisits.targetType, 'activity')));
    expect(visits).toHaveLength(1);
    const resources = await call(
      s.student,
      'GET',
      `/api/knowledge-node/${node.id}/recommended-resource-references`,
    );
    expect(resources.json()).toMatchObject({
      total: 1,
      items: [{ refer_type: 'activity', refer_id: activity.id, title: 'Worked example', visit_count: 1 }],
    });
    await publish(s.owner, 'unpublish');
  });
});
