import {
  KNOWLEDGE_SOURCE_VERSIONS_PER_COURSE,
  type KnowledgeForest,
  type KnowledgePublishedVersions,
  type KnowledgeSourceSubjects,
  type KnowledgeVersionStats,
} from '@lectern/contracts/knowledge-graph/knowledge-source.schemas';
import { isBloomLevel } from '@lectern/contracts/knowledge-graph/bloom-levels';
import type { SnapshotTreeNode } from '../../db/schema/knowledge-graph.ts';
import type { Database, Executor } from '../../platform/database.ts';
import { notFound, orNullWhenDenied } from '../../platform/errors.ts';
import type { Actor } from '../../platform/http/request-context.ts';
import { knowledgeGraphAccess } from './knowledge-graph-access.ts';
import { knowledgeGraphRepository } from './knowledge-graph.repository.ts';
import { knowledgeSourceRepository } from './knowledge-source.repository.ts';

type SnapshotLike = {
  id: number;
  courseId: number;
  createdAt: Date;
  tree: SnapshotTreeNode[];
  relations: { source_id: number; target_id: number; type: string }[];
};

const relationType = (type: string) => (type === 'undirected' ? 'undirected' : 'directed');

/** Depth of the deepest node (a lone root: 1), following parent ids; a broken parent counts as a root. */
function depthOf(tree: readonly SnapshotTreeNode[]): number {
  const byId = new Map(tree.map((n) => [n.id, n]));
  const memo = new Map<number, number>();
  const depth = (node: SnapshotTreeNode, guard: number): number => {
    const known = memo.get(node.id);
    if (known !== undefined) return known;
    const parent = node.parent_id === null ? undefined : byId.get(node.parent_id);
    const value = parent && guard < tree.length ? depth(parent, guard + 1) + 1 : 1;
    memo.set(node.id, value);
    return value;
  };
  return tree.reduce((max, n) => Math.max(max, depth(n, 0)), 0);
}

/**
 * The graph as a source gives it, from a publish snapshot (the version) or from the live graph. Nodes are
 * keyed by their `node_key`, which a synced copy keeps as its source key.
 */
export function forestOfSnapshot(
  snapshot: SnapshotLike,
  descriptions: ReadonlyMap<number, string>,
  objectives: readonly { content: string; knowledgeNodeIds: number[] }[],
): KnowledgeForest {
  const keyOf = new Map(snapshot.tree.map((n) => [n.id, n.node_key]));
  return {
    course_id: snapshot.courseId,
    version_id: snapshot.id,
    nodes: snapshot.tree.map((n) => ({
      key: n.node_key,
      parent_key: n.parent_id === null ? null : (keyOf.get(n.parent_id) ?? null),
      name: n.name,
      // Snapshots keep no descriptions: a node still live gives its current one.
      description: descriptions.get(n.id) ?? '',
      bloom_level: n.bloom_level !== null && isBloomLevel(n.bloom_level) ? n.bloom_level : null,
      sort: n.sort,
    })),
    relations: snapshot.relations.flatMap((r) => {
      const source = keyOf.get(r.source_id);
      const target = keyOf.get(r.target_id);
      return source && target ? [{ source_key: source, target_key: target, type: relationType(r.type) }] : [];
    }),
    // Nor objectives: the current ones are given with the nodes of the version they cover.
    objectives: objectives.map((o) => ({
      content: o.content,
      node_keys: o.knowledgeNodeIds.flatMap((id) => {
        const key = keyOf.get(id);
        return key ? [key] : [];
      }),
    })),
  };
}

/**
 * What every Lectern serves as a knowledge source (`/api/knowledge-source/*`, read by another Lectern's
 * adapter with a personal access token): the published graphs the caller may read, their publish snapshots
 * as versions, and a version as a forest. A graph that is not published, or a course the caller may not
 * read, answers exactly like a missing one.
 */
export function knowledgeSourceService(db: Database) {
  const repo = knowledgeSourceRepository(db);
  const graphRepo = knowledgeGraphRepository(db);
  const graph = knowledgeGraphAccess(db);

  async function readable(actor: Actor, courseId: number): Promise<boolean> {
    const access = await orNullWhenDenied(() => graph.course(actor, courseId, 'read'));
    return access?.published === true;
  }

  async function readableCourses(actor: Actor, courseIds: readonly number[]): Promise<number[]> {
    const out: number[] = [];
    for (const id of new Set(courseIds)) if (await readable(actor, id)) out.push(id);
    return out;
  }

  async function snapshotForest(snapshot: SnapshotLike, tx: Executor = db): Promise<KnowledgeForest> {
    const [descriptions, objectives] = await Promise.all([
      repo.liveDescriptions(
        snapshot.courseId,
        snapshot.tree.map((n) => n.id),
        tx,
      ),
      graphRepo.listObjectives(snapshot.courseId, tx),
    ]);
    return forestOfSnapshot(snapshot, descriptions, objectives);
  }

  return {
    async subjects(actor: Actor): Promise<KnowledgeSourceSubjects> {
      const rows = await repo.publishedCourses(actor.orgId, actor.userId, actor.orgRole === 'admin');
      const subjects = new Map<number, KnowledgeSourceSubjects['subjects'][number]>();
      for (const row of rows) {
        const id = row.classificationId ?? 0;
        const subject = subjects.get(id) ?? { id, name: row.classificationName, courses: [] };
        subject.courses.push({
          id: row.id,
          name: row.name,
          course_code: row.courseCode,
          published_at: row.publishedAt?.toISOString() ?? null,
        });
        subjects.set(id, subject);
      }
      return { subjects: [...subjects.values()] };
    },

    async versions(actor: Actor, courseIds: readonly number[]): Promise<KnowledgePublishedVersions> {
      const ids = await readableCourses(actor, courseIds);
      const rows = await repo.publishSnapshots(ids, KNOWLEDGE_SOURCE_VERSIONS_PER_COURSE);
      return {
        items: ids.map((courseId) => ({
          course_id: courseId,
          versions: rows
            .filter((r) => r.courseId === courseId)
            .map((r) => ({
              id: r.id,
              course_id: r.courseId,
              published_at: r.createdAt.toISOString(),
              node_count: Number(r.nodeCount),
              relation_count: Number(r.relationCount),
            })),
        })),
      };
    },

    async stats(actor: Actor, versionIds: readonly number[]): Promise<KnowledgeVersionStats> {
      const snapshots = await repo.snapshotsById(versionIds);
      const allowed = new Set(
        await readableCourses(
          actor,
          snapshots.map((s) => s.courseId),
        ),
      );
      return {
        items: snapshots
          .filter((s) => allowed.has(s.courseId))
          .sort((a, b) => a.id - b.id)
          .map((s) => {
            const bloom: Record<string, number> = {};
            for (const n of s.tree) if (n.bloom_level) bloom[n.bloom_level] = (bloom[n.bloom_level] ?? 0) + 1;
            return {
              id: s.id,
              course_id: s.courseId,
              published_at: s.createdAt.toISOString(),
              node_count: s.tree.length,
              relation_count: s.relations.length,
              max_depth: depthOf(s.tree),
              root_count: s.tree.filter((n) => n.parent_id === null).length,
              bloom_counts: bloom,
            };
          }),
      };
    },

    /** A published version of the course's graph (null: the latest). */
    async forest(actor: Actor, courseId: number, versionId: number | null): Promise<KnowledgeForest> {
      if (!(await readable(actor, courseId))) throw notFound('knowledgeSync.versionNotFound');
      const id = versionId ?? (await repo.latestSnapshot(courseId))?.id;
      const [snapshot] = id === undefined ? [] : await repo.snapshotsById([id]);
      if (!snapshot || snapshot.courseId !== courseId) throw notFound('knowledgeSync.versionNotFound');
      return snapshotForest(snapshot);
    },

    /** Another course's live graph on this Lectern (the caller checked who may read it). */
    async liveForest(courseId: number, tx: Executor = db): Promise<KnowledgeForest> {
      const [nodes, relations, objectives] = await Promise.all([
        graphRepo.listNodes(courseId, tx),
        graphRepo.listRelations(courseId, tx),
        graphRepo.listObjectives(courseId, tx),
      ]);
      const keyOf = new Map(nodes.map((n) => [n.id, n.nodeKey]));
      return {
        course_id: courseId,
        version_id: null,
        nodes: nodes.map((n) => ({
          key: n.nodeKey,
          parent_key: n.parentId === null ? null : (keyOf.get(n.parentId) ?? null),
          name: n.name,
          description: n.description,
          bloom_level: n.bloomLevel,
          sort: n.sort,
        })),
        relations: relations.flatMap((r) => {
          const source = keyOf.get(r.sourceId);
          const target = keyOf.get(r.targetId);
          return source && target ? [{ source_key: source, target_key: target, type: r.type }] : [];
        }),
        objectives: objectives.map((o) => ({
          content: o.content,
          node_keys: o.knowledgeNodeIds.flatMap((id) => {
            const key = keyOf.get(id);
            return key ? [key] : [];
          }),
        })),
      };
    },
  };
}

export type KnowledgeSourceService = ReturnType<typeof knowledgeSourceService>;
