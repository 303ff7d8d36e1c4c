import { KNOWLEDGE_GRAPH_LIMITS } from '@lectern/contracts/knowledge-graph/knowledge-graph.limits';
import type { KnowledgeForest } from '@lectern/contracts/knowledge-graph/knowledge-source.schemas';
import { diffKnowledgeGraph } from '@lectern/contracts/knowledge-graph/knowledge-sync.rules';
import type {
  KnowledgeGraphDiff,
  KnowledgeSyncCounts,
} from '@lectern/contracts/knowledge-graph/knowledge-sync.schemas';
import { subtreeIds } from '@lectern/contracts/knowledge-graph/knowledge-tree.rules';
import type { Database, Executor, Transaction } from '../../platform/database.ts';
import { invalid } from '../../platform/errors.ts';
import { knowledgeGraphRepository, type KnowledgeNodeRow } from './knowledge-graph.repository.ts';
import { knowledgeSyncRepository } from './knowledge-sync.repository.ts';

export const emptyCounts = (): KnowledgeSyncCounts => ({
  nodes_added: 0,
  nodes_changed: 0,
  nodes_removed: 0,
  relations_added: 0,
  relations_changed: 0,
  relations_removed: 0,
  objectives_added: 0,
});

/** `all`, or the chosen items as `node:<key>` / `relation:<key>`. */
export type DiffSelection = 'all' | ReadonlySet<string>;

/** Forest nodes parents first (breadth-first from the roots); nodes caught in a cycle are left out. */
function parentsFirst(forest: KnowledgeForest): KnowledgeForest['nodes'] {
  const keys = new Set(forest.nodes.map((n) => n.key));
  const children = new Map<string | null, KnowledgeForest['nodes']>();
  for (const node of forest.nodes) {
    const parent = node.parent_key !== null && keys.has(node.parent_key) ? node.parent_key : null;
    children.set(parent, [...(children.get(parent) ?? []), node]);
  }
  const out: KnowledgeForest['nodes'] = [];
  const seen = new Set<string>();
  let level = children.get(null) ?? [];
  while (level.length > 0) {
    const next: KnowledgeForest['nodes'] = [];
    for (const node of level) {
      if (seen.has(node.key)) continue;
      seen.add(node.key);
      out.push(node);
      next.push(...(children.get(node.key) ?? []));
    }
    level = next;
  }
  return out;
}

/**
 * The course's live nodes and the diff between its graph and `forest` (matched by the nodes' source keys): what
 * the diff call shows and what an apply writes from.
 */
export async function diffCourseGraph(
  db: Database,
  courseId: number,
  forest: KnowledgeForest,
  tx: Executor = db,
): Promise<{ nodes: KnowledgeNodeRow[]; diff: KnowledgeGraphDiff }> {
  const graphRepo = knowledgeGraphRepository(db);
  // A transaction's connection runs one query at a time (pg deprecates queueing them): only pool reads overlap.
  const [nodes, relations] =
    tx === db
      ? await Promise.all([graphRepo.listNodes(courseId), graphRepo.listRelations(courseId)])
      : [await graphRepo.listNodes(courseId, tx), await graphRepo.listRelations(courseId, tx)];
  const diff = diffKnowledgeGraph(
    nodes.map((n) => ({
      id: n.id,
      parent_id: n.parentId,
      source_key: n.sourceKey,
      name: n.name,
      description: n.description,
      bloom_level: n.bloomLevel,
      sort: n.sort,
    })),
    relations.map((r) => ({ id: r.id, source_id: r.sourceId, target_id: r.targetId, type: r.type })),
    forest,
  );
  return { nodes, diff };
}

/**
 * Applies the diff between the course's graph and `forest` (all of it, or the chosen items) in `tx`, which
 * holds the graph's lock. Removed nodes are deleted the slice's way (marked deleted with their subtree, the
 * row kept for mastery history and snapshots). With `objectives`, the source's objectives this course lacks
 * (by wording) are added too.
 */
export async function applyKnowledgeForest(
  db: Database,
  tx: Transaction,
  courseId: number,
  forest: KnowledgeForest,
  selection: DiffSelection,
  userId: number | null,
  objectives: boolean,
): Promise<{ counts: KnowledgeSyncCounts; skipped: number }> {
  const graphRepo = knowledgeGraphRepository(db);
  const repo = knowledgeSyncRepository(db);
  const counts = emptyCounts();
  const { nodes, diff } = await diffCourseGraph(db, courseId, forest, tx);
  const chosen = (type: 'node' | 'relation', key: string) =>
    selection === 'all' || selection.has(`${type}:${key}`);
  const nodeItems = diff.nodes.filter((d) => chosen('node', d.key));
  const relationItems = diff.relations.filter((d) => chosen('relation', d.key));
  let skipped = selection === 'all' ? 0 : selection.size - nodeItems.length - relationItems.length;

  const forestByKey = new Map(forest.nodes.map((n) => [n.key, n]));
  const idOfKey = new Map<string, number>();
  for (const n of nodes) if (n.sourceKey !== null) idOfKey.set(n.sourceKey, n.id);
  const parentIdOf = (parentKey: string | null) =>
    parentKey === null ? null : (idOfKey.get(parentKey) ?? null);

  const adds = new Set(nodeItems.filter((d) => d.change === 'added').map((d) => d.key));
  if (nodes.length + adds.size > KNOWLEDGE_GRAPH_LIMITS.nodesPerCourse) {
    throw invalid({
      items: [{ key: 'knowledgeSync.tooMany', params: { limit: KNOWLEDGE_GRAPH_LIMITS.nodesPerCourse } }],
    });
  }
  const flat = nodes.map((n) => ({ id: n.id, parent_id: n.parentId, sort: n.sort }));
  for (const f of parentsFirst(forest)) {
    if (!adds.has(f.key)) continue;
    const parentId = parentIdOf(f.parent_key);
    const id = await repo.insertNode(
      courseId,
      {
        parentId,
        sourceKey: f.key,
        name: f.name,
        description: f.description,
        bloomLevel: f.bloom_level,
        sort: f.sort,
      },
      userId,
      tx,
    );
    idOfKey.set(f.key, id);
    flat.push({ id, parent_id: parentId, sort: f.sort });
    counts.nodes_added += 1;
  }

  // Moves are proposed together, then any move that would close a cycle (possible when only some items are
  // chosen) is undone until none does: applying them one by one would refuse valid swaps.
  const changes = nodeItems.filter((d) => d.change === 'changed' && d.node_id !== null);
  const originalParent = new Map(flat.map((n) => [n.id, n.parent_id]));
  const byId = new Map(flat.map((n) => [n.id, n]));
  const moved = new Set<number>();
  for (const d of changes) {
    const f = forestByKey.get(d.key);
    const node = d.node_id === null ? undefined : byId.get(d.node_id);
    if (!f || !node || !d.fields.includes('parent')) continue;
    node.parent_id = parentIdOf(f.parent_key);
    moved.add(node.id);
  }
  const onCycle = (id: number) => {
    const seen = new Set<number>();
    let at = byId.get(id)?.parent_id ?? null;
    while (at !== null) {
      if (at === id) return true;
      if (seen.has(at)) return false;
      seen.add(at);
      at = byId.get(at)?.parent_id ?? null;
    }
    return false;
  };
  const refused = new Set<number>();
  for (let changed = true; changed;) {
    changed = false;
    for (const id of moved) {
      if (refused.has(id) || !onCycle(id)) continue;
      const node = byId.get(id);
      if (node) node.parent_id = originalParent.get(id) ?? null;
      refused.add(id);
      changed = true;
    }
  }
  for (const d of changes) {
    const f = forestByKey.get(d.key);
    if (!f || d.node_id === null) continue;
    const parentRefused = refused.has(d.node_id);
    if (parentRefused) skipped += 1;
    const values = {
      ...(d.fields.includes('name') ? { name: f.name } : {}),
      ...(d.fields.includes('description') ? { description: f.description } : {}),
      ...(d.fields.includes('bloom_level') ? { bloomLevel: f.bloom_level } : {}),
      ...(d.fields.includes('sort') ? { sort: f.sort } : {}),
      ...(d.fields.includes('parent') && !parentRefused
        ? { parentId: byId.get(d.node_id)?.parent_id ?? null }
        : {}),
    };
    if (Object.keys(values).length === 0) continue;
    await repo.updateNode(d.node_id, values, tx);
    counts.nodes_changed += 1;
  }

  const removedRoots = nodeItems.filter((d) => d.change === 'removed' && d.node_id !== null);
  const removed = new Set(removedRoots.flatMap((d) => subtreeIds(flat, d.node_id ?? 0)));
  if (removed.size > 0) {
    await graphRepo.deleteNodes(courseId, [...removed], tx);
    for (const [key, id] of idOfKey) if (removed.has(id)) idOfKey.delete(key);
    counts.nodes_removed = removed.size;
  }

  const toDelete: number[] = [];
  for (const d of relationItems) {
    const source = idOfKey.get(d.source_key);
    const target = idOfKey.get(d.target_key);
    if (d.change === 'removed') {
      if (d.relation_id !== null) toDelete.push(d.relation_id);
      counts.relations_removed += 1;
    } else if (source === undefined || target === undefined) {
      // An end was not added (not chosen) or was removed: the relation waits for a later apply.
      skipped += 1;
    } else if (d.change === 'added') {
      const inserted = await repo.insertRelation(
        { courseId, sourceId: source, targetId: target, type: d.type },
        userId,
        tx,
      );
      if (inserted) counts.relations_added += 1;
      else skipped += 1;
    } else if (d.relation_id !== null) {
      await repo.updateRelation(
        courseId,
        d.relation_id,
        { sourceId: source, targetId: target, type: d.type },
        tx,
      );
      counts.relations_changed += 1;
    }
  }
  await repo.deleteRelations(courseId, toDelete, tx);

  if (objectives) {
    const existing = await graphRepo.listObjectives(courseId, tx);
    const wordings = new Set(existing.map((o) => o.content));
    const room = KNOWLEDGE_GRAPH_LIMITS.objectivesPerCourse - existing.length;
    const sortFrom = existing.reduce((max, o) => Math.max(max, o.sort + 1), 0);
    const rows = forest.objectives
      .filter((o) => !wordings.has(o.content) && o.content.trim() !== '')
      .slice(0, Math.max(0, room))
      .map((o, index) => ({
        courseId,
        content: o.content,
        sort: sortFrom + index,
        knowledgeNodeIds: o.node_keys.flatMap((key) => {
          const id = idOfKey.get(key);
          return id === undefined ? [] : [id];
        }),
      }));
    await repo.insertObjectives(rows, userId, tx);
    counts.objectives_added = rows.length;
  }
  return { counts, skipped };
}
