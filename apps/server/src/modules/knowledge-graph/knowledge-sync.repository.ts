import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import {
  knowledgeGraphSources,
  knowledgeNodeNotDeleted,
  knowledgeNodeRelations,
  knowledgeNodes,
  knowledgeTeachingObjectives,
  type KnowledgeSyncCounts,
} from '../../db/schema/knowledge-graph.ts';
import type { Database, Executor } from '../../platform/database.ts';

export type KnowledgeSourceRow = typeof knowledgeGraphSources.$inferSelect;
export type SyncNodeInsert = {
  parentId: number | null;
  sourceKey: string;
  name: string;
  description: string;
  bloomLevel: (typeof knowledgeNodes.$inferInsert)['bloomLevel'];
  sort: number;
};

/** A course graph's source and sync state, and the writes a sync makes. Data only. */
export function knowledgeSyncRepository(db: Database) {
  return {
    async source(courseId: number, tx: Executor = db): Promise<KnowledgeSourceRow | undefined> {
      const [row] = await tx
        .select()
        .from(knowledgeGraphSources)
        .where(eq(knowledgeGraphSources.courseId, courseId));
      return row;
    },

    /** Sets (or replaces) the source; the sync state starts again at idle. */
    async setSource(
      courseId: number,
      values: Pick<KnowledgeSourceRow, 'kind' | 'sourceCourseId' | 'remoteCourseId' | 'remoteVersionId'>,
      userId: number,
      tx: Executor,
    ): Promise<void> {
      const row = {
        ...values,
        status: 'idle' as const,
        lastError: null,
        setBy: userId,
        updatedAt: new Date(),
      };
      await tx
        .insert(knowledgeGraphSources)
        .values({ courseId, ...row })
        .onConflictDoUpdate({ target: knowledgeGraphSources.courseId, set: row });
    },

    async clearSource(courseId: number, tx: Executor): Promise<void> {
      await tx.delete(knowledgeGraphSources).where(eq(knowledgeGraphSources.courseId, courseId));
    },

    async setStatus(
      courseId: number,
      values: {
        status: KnowledgeSourceRow['status'];
        lastError?: string | null;
        lastSyncedAt?: Date;
        lastCounts?: KnowledgeSyncCounts;
      },
      tx: Executor = db,
    ): Promise<void> {
      await tx
        .update(knowledgeGraphSources)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(knowledgeGraphSources.courseId, courseId));
    },

    /** Inserts one node a sync adds (a fresh node key; the source's key kept as `source_key`). */
    async insertNode(courseId: number, node: SyncNodeInsert, userId: number | null, tx: Executor) {
      const [row] = await tx
        .insert(knowledgeNodes)
        .values({ courseId, ...node, nodeKey: randomUUID(), createdBy: userId })
        .returning({ id: knowledgeNodes.id });
      if (!row) throw new Error('knowledge node insert returned nothing');
      return row.id;
    },

    async updateNode(
      id: number,
      values: Partial<Omit<SyncNodeInsert, 'sourceKey'>>,
      tx: Executor,
    ): Promise<void> {
      await tx
        .update(knowledgeNodes)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(knowledgeNodes.id, id), knowledgeNodeNotDeleted));
    },

    async insertRelation(
      values: Pick<typeof knowledgeNodeRelations.$inferInsert, 'courseId' | 'sourceId' | 'targetId' | 'type'>,
      userId: number | null,
      tx: Executor,
    ): Promise<boolean> {
      const rows = await tx
        .insert(knowledgeNodeRelations)
        .values({ ...values, createdBy: userId })
        .onConflictDoNothing()
        .returning({ id: knowledgeNodeRelations.id });
      return rows.length > 0;
    },

    async updateRelation(
      courseId: number,
      id: number,
      values: Pick<typeof knowledgeNodeRelations.$inferInsert, 'sourceId' | 'targetId' | 'type'>,
      tx: Executor,
    ): Promise<void> {
      await tx
        .update(knowledgeNodeRelations)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(knowledgeNodeRelations.id, id), eq(knowledgeNodeRelations.courseId, courseId)));
    },

    async deleteRelations(courseId: number, ids: readonly number[], tx: Executor): Promise<void> {
      if (ids.length === 0) return;
      await tx
        .delete(knowledgeNodeRelations)
        .where(
          and(eq(knowledgeNodeRelations.courseId, courseId), inArray(knowledgeNodeRelations.id, [...ids])),
        );
    },

    async insertObjectives(
      rows: { courseId: number; content: string; sort: number; knowledgeNodeIds: number[] }[],
      userId: number | null,
      tx: Executor,
    ): Promise<void> {
      if (rows.length === 0) return;
      await tx.insert(knowledgeTeachingObjectives).values(rows.map((r) => ({ ...r, createdBy: userId })));
    },

    async deleteAllObjectives(courseId: number, tx: Executor): Promise<void> {
      await tx.delete(knowledgeTeachingObjectives).where(eq(knowledgeTeachingObjectives.courseId, courseId));
    },
  };
}
