import type {
  KnowledgeFragment,
  KnowledgeNode,
  KnowledgeNodeBrief,
  KnowledgeReference,
  KnowledgeRelation,
  KnowledgeTreeNode,
} from '@lectern/contracts/knowledge-graph/knowledge-node.schemas';
import type {
  KnowledgeGraphSnapshot,
  SnapshotTreeNode,
} from '@lectern/contracts/knowledge-graph/knowledge-publish.schemas';
import type { TeachingObjective } from '@lectern/contracts/knowledge-graph/teaching-objective.schemas';
import { buildTree } from '@lectern/contracts/knowledge-graph/knowledge-tree.rules';
import type { SnapshotTreeNode as StoredTreeNode } from '../../db/schema/knowledge-graph.ts';
import type {
  KnowledgeNodeRow,
  KnowledgeRelationRow,
  SnapshotRow,
  TeachingObjectiveRow,
} from './knowledge-graph.repository.ts';
import type { FragmentRow, ReferenceRow } from './knowledge-references.repository.ts';

/** Rows of the knowledge graph → wire shapes, in one place. */

export function presentNode(row: KnowledgeNodeRow): KnowledgeNode {
  return {
    id: row.id,
    course_id: row.courseId,
    parent_id: row.parentId,
    name: row.name,
    title: row.name,
    text: row.name,
    node_key: row.nodeKey,
    sort: row.sort,
    bloom_level: row.bloomLevel,
    description: row.description,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function presentBrief(row: KnowledgeNodeRow): KnowledgeNodeBrief {
  return { id: row.id, name: row.name, nodeKey: row.nodeKey, bloom_level: row.bloomLevel };
}

export function presentTree(
  rows: readonly KnowledgeNodeRow[],
  selected: ReadonlySet<number>,
): KnowledgeTreeNode[] {
  const flat = rows.map((row) => ({ ...row, parent_id: row.parentId }));
  return buildTree(flat, (row, children): KnowledgeTreeNode => {
    const isSelected = selected.has(row.id);
    return {
      id: row.id,
      parent_id: row.parentId,
      name: row.name,
      title: row.name,
      text: row.name,
      nodeKey: row.nodeKey,
      sort: row.sort,
      bloom_level: row.bloomLevel,
      description: row.description,
      state: { opened: true, selected: isSelected, disabled: false },
      selected: isSelected,
      children,
    };
  });
}

export function presentRelation(row: KnowledgeRelationRow): KnowledgeRelation {
  return {
    id: row.id,
    course_id: row.courseId,
    source: row.sourceId,
    target: row.targetId,
    type: row.type,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function presentFragment(row: FragmentRow): KnowledgeFragment {
  return {
    id: row.id,
    reference_id: row.referenceId,
    chapter_id: row.chapterId,
    title: row.title,
    start_seconds: row.startSeconds,
    end_seconds: row.endSeconds,
  };
}

export function presentReferences(
  rows: readonly ReferenceRow[],
  fragments: readonly FragmentRow[],
): KnowledgeReference[] {
  const byReference = new Map<number, KnowledgeFragment[]>();
  for (const fragment of fragments) {
    const list = byReference.get(fragment.referenceId) ?? [];
    list.push(presentFragment(fragment));
    byReference.set(fragment.referenceId, list);
  }
  return rows.map((row) => ({
    id: row.id,
    knowledge_node_id: row.knowledgeNodeId,
    refer_type: row.referType,
    refer_id: row.referId,
    title: row.title,
    activity_type: row.activityType,
    fragments: row.id === null ? [] : (byReference.get(row.id) ?? []),
  }));
}

export function presentObjective(row: TeachingObjectiveRow): TeachingObjective {
  return {
    id: row.id,
    course_id: row.courseId,
    content: row.content,
    sort: row.sort,
    knowledge_node_ids: row.knowledgeNodeIds,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The stored flat tree of a snapshot, as it goes into the jsonb column. */
export function snapshotTreeOf(rows: readonly KnowledgeNodeRow[]): StoredTreeNode[] {
  return rows.map((row) => ({
    id: row.id,
    parent_id: row.parentId,
    name: row.name,
    node_key: row.nodeKey,
    bloom_level: row.bloomLevel,
    sort: row.sort,
  }));
}

const rates = (values: Record<string, number>) =>
  Object.entries(values)
    .map(([id, rate]) => ({ knowledge_node_id: Number(id), rate }))
    .sort((a, b) => a.knowledge_node_id - b.knowledge_node_id);

export function presentSnapshot(row: SnapshotRow): KnowledgeGraphSnapshot {
  const tree = buildTree(row.tree, (node, children): SnapshotTreeNode => ({
    id: node.id,
    name: node.name,
    title: node.name,
    nodeKey: node.node_key,
    bloom_level: node.bloom_level as SnapshotTreeNode['bloom_level'],
    children,
  }));
  return {
    id: row.id,
    course_id: row.courseId,
    trigger: row.trigger,
    created_at: row.createdAt.toISOString(),
    tree,
    relations: row.relations.map((r) => ({
      id: r.id,
      source: r.source_id,
      target: r.target_id,
      type: r.type === 'undirected' ? 'undirected' : 'directed',
    })),
    completeness: rates(row.completeness),
    mastery: rates(row.mastery),
    completeness_rate: row.completenessRate,
    mastery_rate: row.masteryRate,
  };
}
