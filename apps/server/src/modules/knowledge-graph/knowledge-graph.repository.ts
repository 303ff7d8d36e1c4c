import { and, asc, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { subjectKnowledgeNodes } from '../../db/schema/exams.ts';
import {
  knowledgeCaptures,
  knowledgeGraphSnapshots,
  knowledgeGraphStates,
  knowledgeNodeNotDeleted,
  knowledgeNodeReferences,
  knowledgeNodeRelations,
  knowledgeNodes,
  knowledgeTeachingObjectives,
} from '../../db/schema/knowledge-graph.ts';
import type { Database, Executor } from '../../platform/database.ts';

export type KnowledgeNodeRow = typeof knowledgeNodes.$inferSelect;
export type KnowledgeRelationRow = typeof knowledgeNodeRelations.$inferSelect;
export type TeachingObjectiveRow = typeof knowledgeTeachingObjectives.$inferSelect;
export type SnapshotRow = typeof knowledgeGraphSnapshots.$inferSelect;
export type GraphStateRow = typeof knowledgeGraphStates.$inferSelect;

/** Nodes, relations, objectives, the publish state and snapshots of course graphs: data only. */
export function knowledgeGraphRepository(db: Database) {
  return {
    /** The course's live nodes, in tree order within each parent. */
    async listNodes(courseId: number, tx: Executor = db): Promise<KnowledgeNodeRow[]> {
      return tx
        .select()
        .from(knowledgeNodes)
        .where(and(eq(knowledgeNodes.courseId, courseId), knowledgeNodeNotDeleted))
        .orderBy(asc(knowledgeNodes.sort), asc(knowledgeNodes.id));
    },

    /** Which of these ids are live nodes of the course. */
    async liveNodeIdsIn(courseId: number, ids: readonly number[], tx: Executor = db): Promise<number[]> {
      if (ids.length === 0) return [];
      const rows = await tx
        .select({ id: knowledgeNodes.id })
        .from(knowledgeNodes)
        .where(
          and(
            eq(knowledgeNodes.courseId, courseId),
            inArray(knowledgeNodes.id, [...ids]),
            knowledgeNodeNotDeleted,
          ),
        );
      return rows.map((row) => row.id);
    },

    async findNode(id: number, tx: Executor = db): Promise<KnowledgeNodeRow | undefined> {
      const [row] = await tx
        .select()
        .from(knowledgeNodes)
        .where(and(eq(knowledgeNodes.id, id), knowledgeNodeNotDeleted));
      return row;
    },

    /** Serialises the graph writes of one course (tree shape, keys, counts are checked under it). */
    async lockCourseGraph(courseId: number, tx: Executor): Promise<void> {
      await tx.execute(sql`select pg_advisory_xact_lock(${KNOWLEDGE_GRAPH_LOCK}::int, ${courseId}::int)`);
    },

    async nodeKeyTaken(courseId: number, key: string, exceptId: number | null, tx: Executor = db) {
      const [row] = await tx
        .select({ id: knowledgeNodes.id })
        .from(knowledgeNodes)
        .where(
          and(
            eq(knowledgeNodes.courseId, courseId),
            eq(knowledgeNodes.nodeKey, key),
            knowledgeNodeNotDeleted,
            exceptId === null ? undefined : sql`${knowledgeNodes.id} <> ${exceptId}`,
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    async insertNode(
      values: typeof knowledgeNodes.$inferInsert,
      tx: Executor = db,
    ): Promise<KnowledgeNodeRow> {
      const [row] = await tx.insert(knowledgeNodes).values(values).returning();
      if (!row) throw new Error('knowledge node insert returned nothing');
      return row;
    },

    async updateNode(
      id: number,
      values: Partial<
        Pick<KnowledgeNodeRow, 'name' | 'bloomLevel' | 'description' | 'nodeKey' | 'parentId' | 'sort'>
      >,
      tx: Executor = db,
    ): Promise<void> {
      await tx
        .update(knowledgeNodes)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(knowledgeNodes.id, id));
    },

    /** Writes the given order (0, 1, …) of one parent's children. */
    async setSortOrder(ids: readonly number[], tx: Executor): Promise<void> {
      if (ids.length === 0) return;
      await tx.execute(sql`
        update ${knowledgeNodes} set sort = ordered.position - 1
        from unnest(${`{${ids.join(',')}}`}::int[]) with ordinality as ordered(id, position)
        where ${knowledgeNodes.id} = ordered.id`);
    },

    /**
     * Deletes nodes (the caller passes whole subtrees): the rows are marked deleted, and everything that
     * hangs on them goes: relations, references (with their fragments), question links and captures.
     */
    async deleteNodes(courseId: number, ids: readonly number[], tx: Executor): Promise<void> {
      if (ids.length === 0) return;
      const list = [...ids];
      const idArray = `{${list.join(',')}}`;
      // Objectives keep the nodes they cover that are still there.
      await tx.execute(sql`
        update ${knowledgeTeachingObjectives}
        set knowledge_node_ids = array(select x from unnest(knowledge_node_ids) as x where x <> all(${idArray}::int[]))
        where ${knowledgeTeachingObjectives.courseId} = ${courseId} and knowledge_node_ids && ${idArray}::int[]`);
      await tx
        .delete(knowledgeNodeRelations)
        .where(
          or(inArray(knowledgeNodeRelations.sourceId, list), inArray(knowledgeNodeRelations.targetId, list)),
        );
      await tx.delete(knowledgeNodeReferences).where(inArray(knowledgeNodeReferences.knowledgeNodeId, list));
      await tx.delete(subjectKnowledgeNodes).where(inArray(subjectKnowledgeNodes.knowledgeNodeId, list));
      await tx.delete(knowledgeCaptures).where(inArray(knowledgeCaptures.knowledgeNodeId, list));
      await tx
        .update(knowledgeNodes)
        .set({ deletedAt: new Date(), updatedAt: new Date() })
        .where(and(inArray(knowledgeNodes.id, list), isNull(knowledgeNodes.deletedAt)));
    },

    async listRelations(courseId: number, tx: Executor = db): Promise<KnowledgeRelationRow[]> {
      return tx
        .select()
        .from(knowledgeNodeRelations)
        .where(eq(knowledgeNodeRelations.courseId, courseId))
        .orderBy(asc(knowledgeNodeRelations.id));
    },

    async relationsOfNode(nodeId: number, tx: Executor = db): Promise<KnowledgeRelationRow[]> {
      return tx
        .select()
        .from(knowledgeNodeRelations)
        .where(or(eq(knowledgeNodeRelations.sourceId, nodeId), eq(knowledgeNodeRelations.targetId, nodeId)))
        .orderBy(asc(knowledgeNodeRelations.id));
    },

    async findRelation(courseId: number, id: number, tx: Executor = db) {
      const [row] = await tx
        .select()
        .from(knowledgeNodeRelations)
        .where(and(eq(knowledgeNodeRelations.id, id), eq(knowledgeNodeRelations.courseId, courseId)));
      return row;
    },

    /** A relation between the two nodes in either direction, other than `exceptId`. */
    async findPair(a: number, b: number, exceptId: number | null, tx: Executor = db) {
      const [row] = await tx
        .select({ id: knowledgeNodeRelations.id })
        .from(knowledgeNodeRelations)
        .where(
          and(
            or(
              and(eq(knowledgeNodeRelations.sourceId, a), eq(knowledgeNodeRelations.targetId, b)),
              and(eq(knowledgeNodeRelations.sourceId, b), eq(knowledgeNodeRelations.targetId, a)),
            ),
            exceptId === null ? undefined : sql`${knowledgeNodeRelations.id} <> ${exceptId}`,
          ),
        )
        .limit(1);
      return row;
    },

    async insertRelation(values: typeof knowledgeNodeRelations.$inferInsert, tx: Executor = db) {
      const [row] = await tx.insert(knowledgeNodeRelations).values(values).returning();
      if (!row) throw new Error('knowledge relation insert returned nothing');
      return row;
    },

    async updateRelation(
      id: number,
      values: Partial<Pick<KnowledgeRelationRow, 'sourceId' | 'targetId' | 'type'>>,
      tx: Executor = db,
    ) {
      const [row] = await tx
        .update(knowledgeNodeRelations)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(knowledgeNodeRelations.id, id))
        .returning();
      return row;
    },

    async deleteRelations(courseId: number, ids: readonly number[], tx: Executor = db): Promise<number[]> {
      const rows = await tx
        .delete(knowledgeNodeRelations)
        .where(
          and(eq(knowledgeNodeRelations.courseId, courseId), inArray(knowledgeNodeRelations.id, [...ids])),
        )
        .returning({ id: knowledgeNodeRelations.id });
      return rows.map((r) => r.id).sort((a, b) => a - b);
    },

    async state(courseId: number, tx: Executor = db): Promise<GraphStateRow | undefined> {
      const [row] = await tx
        .select()
        .from(knowledgeGraphStates)
        .where(eq(knowledgeGraphStates.courseId, courseId));
      return row;
    },

    async setState(
      courseId: number,
      published: boolean,
      userId: number,
      tx: Executor,
    ): Promise<GraphStateRow> {
      const now = new Date();
      const values = {
        published,
        publishedAt: published ? now : null,
        publishedBy: published ? userId : null,
        updatedAt: now,
      };
      const [row] = await tx
        .insert(knowledgeGraphStates)
        .values({ courseId, ...values })
        .onConflictDoUpdate({ target: knowledgeGraphStates.courseId, set: values })
        .returning();
      if (!row) throw new Error('knowledge graph state upsert returned nothing');
      return row;
    },

    async insertSnapshot(
      values: typeof knowledgeGraphSnapshots.$inferInsert,
      tx: Executor,
    ): Promise<SnapshotRow> {
      const [row] = await tx.insert(knowledgeGraphSnapshots).values(values).returning();
      if (!row) throw new Error('snapshot insert returned nothing');
      return row;
    },

    async listSnapshots(courseId: number, tx: Executor = db): Promise<SnapshotRow[]> {
      return tx
        .select()
        .from(knowledgeGraphSnapshots)
        .where(eq(knowledgeGraphSnapshots.courseId, courseId))
        .orderBy(desc(knowledgeGraphSnapshots.createdAt), desc(knowledgeGraphSnapshots.id));
    },

    async findSnapshot(courseId: number, id: number, tx: Executor = db): Promise<SnapshotRow | undefined> {
      const [row] = await tx
        .select()
        .from(knowledgeGraphSnapshots)
        .where(and(eq(knowledgeGraphSnapshots.id, id), eq(knowledgeGraphSnapshots.courseId, courseId)));
      return row;
    },

    async listObjectives(courseId: number, tx: Executor = db): Promise<TeachingObjectiveRow[]> {
      return tx
        .select()
        .from(knowledgeTeachingObjectives)
        .where(eq(knowledgeTeachingObjectives.courseId, courseId))
        .orderBy(asc(knowledgeTeachingObjectives.sort), asc(knowledgeTeachingObjectives.id));
    },

    async findObjective(courseId: number, id: number, tx: Executor = db) {
      const [row] = await tx
        .select()
        .from(knowledgeTeachingObjectives)
        .where(
          and(eq(knowledgeTeachingObjectives.id, id), eq(knowledgeTeachingObjectives.courseId, courseId)),
        );
      return row;
    },

    async insertObjective(values: typeof knowledgeTeachingObjectives.$inferInsert, tx: Executor = db) {
      const [row] = await tx.insert(knowledgeTeachingObjectives).values(values).returning();
      if (!row) throw new Error('teaching objective insert returned nothing');
      return row;
    },

    async updateObjective(
      id: number,
      values: Partial<Pick<TeachingObjectiveRow, 'content' | 'knowledgeNodeIds' | 'sort'>>,
      tx: Executor = db,
    ) {
      const [row] = await tx
        .update(knowledgeTeachingObjectives)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(knowledgeTeachingObjectives.id, id))
        .returning();
      return row;
    },

    async deleteObjectives(courseId: number, ids: readonly number[], tx: Executor = db): Promise<number[]> {
      const rows = await tx
        .delete(knowledgeTeachingObjectives)
        .where(
          and(
            eq(knowledgeTeachingObjectives.courseId, courseId),
            inArray(knowledgeTeachingObjectives.id, [...ids]),
          ),
        )
        .returning({ id: knowledgeTeachingObjectives.id });
      return rows.map((r) => r.id).sort((a, b) => a - b);
    },
  };
}

/** First key of the advisory lock pair; the second is the course id. */
const KNOWLEDGE_GRAPH_LOCK = 17_001;
