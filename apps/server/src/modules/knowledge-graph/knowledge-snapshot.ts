import type { Database, Transaction } from '../../platform/database.ts';
import { snapshotTreeOf } from './knowledge-graph.presenter.ts';
import { knowledgeGraphRepository, type SnapshotRow } from './knowledge-graph.repository.ts';
import { knowledgeStatisticsRepository } from './knowledge-statistics.repository.ts';

/**
 * Takes a snapshot of a course's graph as it is in `tx`: the live tree and relations with the class's
 * completeness and mastery per node (the statistics' class figures, non-null ones only) and their means.
 * Publishing takes one in its transaction; the demo seed takes one for its published graph.
 */
export async function takeKnowledgeSnapshot(
  tx: Database | Transaction,
  courseId: number,
  trigger: 'publish' | 'daily' | 'replace',
  userId: number | null,
): Promise<SnapshotRow> {
  const repo = knowledgeGraphRepository(tx);
  const [nodes, relations, stats] = await Promise.all([
    repo.listNodes(courseId, tx),
    repo.listRelations(courseId, tx),
    knowledgeStatisticsRepository(tx).nodeClassStats(courseId, undefined, tx),
  ]);
  const completeness: Record<string, number> = {};
  const mastery: Record<string, number> = {};
  for (const node of stats.nodes) {
    if (node.completenessRate !== null) completeness[node.id] = node.completenessRate;
    if (node.masteryRate !== null) mastery[node.id] = node.masteryRate;
  }
  const mean = (values: number[]) =>
    values.length === 0 ? null : values.reduce((sum, v) => sum + v, 0) / values.length;
  return repo.insertSnapshot(
    {
      courseId,
      trigger,
      tree: snapshotTreeOf(nodes),
      relations: relations.map((r) => ({
        id: r.id,
        source_id: r.sourceId,
        target_id: r.targetId,
        type: r.type,
      })),
      completeness,
      mastery,
      completenessRate: mean(Object.values(completeness)),
      masteryRate: mean(Object.values(mastery)),
      createdBy: userId,
    },
    tx,
  );
}
