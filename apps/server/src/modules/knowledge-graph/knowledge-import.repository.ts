import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { ImportedKnowledgeNode } from '@lectern/contracts/knowledge-graph/knowledge-import.contract';
import { activities, activityNotDeleted } from '../../db/schema/activities.ts';
import { subjectKnowledgeNodes, subjectLibs, subjectNotDeleted, subjects } from '../../db/schema/exams.ts';
import {
  knowledgeNodeReferences,
  knowledgeNodeRelations,
  knowledgeNodes,
  knowledgeReferenceFragments,
} from '../../db/schema/knowledge-graph.ts';
import type { Database, Executor } from '../../platform/database.ts';

type NodeRow = typeof knowledgeNodes.$inferSelect;

/** Data access of the knowledge import: writes nodes, relations and references of one course. */
export function knowledgeImportRepository(db: Database) {
  return {
    async liveNodes(courseId: number, tx: Executor = db): Promise<NodeRow[]> {
      return tx
        .select()
        .from(knowledgeNodes)
        .where(and(eq(knowledgeNodes.courseId, courseId), isNull(knowledgeNodes.deletedAt)))
        .orderBy(asc(knowledgeNodes.parentId), asc(knowledgeNodes.sort), asc(knowledgeNodes.id));
    },

    /**
     * Inserts a tree under `parentId` (null: the top level, after the existing roots), parents first.
     * Returns the new ids level by level, the ids of its top-level nodes, and which input node each id is.
     */
    async insertTree(
      courseId: number,
      parentId: number | null,
      firstSort: number,
      tree: readonly ImportedKnowledgeNode[],
      createdBy: number,
      tx: Executor,
    ): Promise<{ ids: number[]; rootIds: number[]; order: ImportedKnowledgeNode[] }> {
      const ids: number[] = [];
      const order: ImportedKnowledgeNode[] = [];
      const rootIds: number[] = [];
      // One insert per level: a 2,000-node outline is a handful of statements, not 2,000.
      let level: { parentId: number | null; sort: number; node: ImportedKnowledgeNode }[] = tree.map(
        (node, index) => ({ parentId, sort: firstSort + index, node }),
      );
      let top = true;
      while (level.length > 0) {
        const rows = await tx
          .insert(knowledgeNodes)
          .values(
            level.map((l) => ({
              courseId,
              parentId: l.parentId,
              name: l.node.name,
              nodeKey: randomUUID(),
              sort: l.sort,
              bloomLevel: l.node.bloom_level ?? null,
              description: l.node.description ?? '',
              createdBy,
            })),
          )
          .returning({ id: knowledgeNodes.id });
        const next: typeof level = [];
        rows.forEach((row, index) => {
          ids.push(row.id);
          if (level[index]) order.push(level[index].node);
          if (top) rootIds.push(row.id);
          (level[index]?.node.children ?? []).forEach((child, sort) => {
            next.push({ parentId: row.id, sort, node: child });
          });
        });
        top = false;
        level = next;
      }
      return { ids, rootIds, order };
    },

    async relations(courseId: number, tx: Executor = db) {
      return tx.select().from(knowledgeNodeRelations).where(eq(knowledgeNodeRelations.courseId, courseId));
    },

    async insertRelations(
      rows: (typeof knowledgeNodeRelations.$inferInsert)[],
      tx: Executor,
    ): Promise<number> {
      if (rows.length === 0) return 0;
      const written = await tx
        .insert(knowledgeNodeRelations)
        .values(rows)
        .onConflictDoNothing()
        .returning({ id: knowledgeNodeRelations.id });
      return written.length;
    },

    async references(nodeIds: readonly number[], tx: Executor = db) {
      if (nodeIds.length === 0) return [];
      return tx
        .select()
        .from(knowledgeNodeReferences)
        .where(inArray(knowledgeNodeReferences.knowledgeNodeId, [...nodeIds]));
    },

    /** Inserts references (an existing one is kept as it is) and returns the rows written. */
    async insertReferences(rows: (typeof knowledgeNodeReferences.$inferInsert)[], tx: Executor) {
      if (rows.length === 0) return [];
      return tx.insert(knowledgeNodeReferences).values(rows).onConflictDoNothing().returning({
        id: knowledgeNodeReferences.id,
        knowledgeNodeId: knowledgeNodeReferences.knowledgeNodeId,
        referType: knowledgeNodeReferences.referType,
        referId: knowledgeNodeReferences.referId,
      });
    },

    async fragmentsOf(referenceIds: readonly number[], tx: Executor = db) {
      if (referenceIds.length === 0) return [];
      return tx
        .select()
        .from(knowledgeReferenceFragments)
        .where(inArray(knowledgeReferenceFragments.referenceId, [...referenceIds]));
    },

    async insertFragments(
      rows: Omit<typeof knowledgeReferenceFragments.$inferInsert, 'id' | 'createdAt'>[],
      tx: Executor,
    ): Promise<void> {
      if (rows.length === 0) return;
      await tx.insert(knowledgeReferenceFragments).values(rows).onConflictDoNothing();
    },

    /** Live questions linked to any of these nodes, with the paper or library that holds each. */
    async subjectLinksOf(nodeIds: readonly number[], tx: Executor = db) {
      if (nodeIds.length === 0) return [];
      return tx
        .select({
          subjectId: subjectKnowledgeNodes.subjectId,
          knowledgeNodeId: subjectKnowledgeNodes.knowledgeNodeId,
          activityId: subjects.activityId,
          libId: subjects.libId,
        })
        .from(subjectKnowledgeNodes)
        .innerJoin(subjects, eq(subjects.id, subjectKnowledgeNodes.subjectId))
        .where(and(inArray(subjectKnowledgeNodes.knowledgeNodeId, [...nodeIds]), subjectNotDeleted));
    },

    /** Every live question of these papers (activities) and libraries, with what a copy is matched on. */
    async subjectsOfOwners(activityIds: readonly number[], libIds: readonly number[], tx: Executor = db) {
      if (activityIds.length === 0 && libIds.length === 0) return [];
      return tx
        .select({
          id: subjects.id,
          activityId: subjects.activityId,
          libId: subjects.libId,
          parentId: subjects.parentId,
          isMakeup: subjects.isMakeup,
          type: subjects.type,
          description: subjects.description,
          sort: subjects.sort,
        })
        .from(subjects)
        .where(
          and(
            subjectNotDeleted,
            sql`(${inArray(subjects.activityId, activityIds.length > 0 ? [...activityIds] : [0])}
              or ${inArray(subjects.libId, libIds.length > 0 ? [...libIds] : [0])})`,
          ),
        );
    },

    /** The course's question libraries, by id when given, with the title and kind a copy is matched on. */
    async libsOf(courseId: number, ids: readonly number[] | null, tx: Executor = db) {
      return tx
        .select({ id: subjectLibs.id, title: subjectLibs.title, type: subjectLibs.libType })
        .from(subjectLibs)
        .where(
          and(
            eq(subjectLibs.courseId, courseId),
            ids === null ? undefined : inArray(subjectLibs.id, ids.length > 0 ? [...ids] : [0]),
          ),
        );
    },

    /** Live activities of a course by id, with the title and type a copied reference is matched on. */
    async activitiesOf(courseId: number, ids: readonly number[] | null, tx: Executor = db) {
      return tx
        .select({ id: activities.id, title: activities.title, type: activities.type })
        .from(activities)
        .where(
          and(
            eq(activities.courseId, courseId),
            activityNotDeleted,
            ids === null ? undefined : inArray(activities.id, ids.length > 0 ? [...ids] : [0]),
          ),
        );
    },

    /** Questions among these (and their sub-questions) that name knowledge points. */
    async namedSubjects(subjectIds: readonly number[], tx: Executor) {
      if (subjectIds.length === 0) return [];
      const ids = [...subjectIds];
      return tx
        .select({ id: subjects.id, names: subjects.knowledgeNodeNames })
        .from(subjects)
        .where(
          and(
            sql`(${inArray(subjects.id, ids)} or ${inArray(subjects.parentId, ids)})`,
            sql`cardinality(${subjects.knowledgeNodeNames}) > 0`,
          ),
        );
    },

    async linkSubjects(links: { subjectId: number; knowledgeNodeId: number }[], tx: Executor): Promise<void> {
      if (links.length === 0) return;
      await tx.insert(subjectKnowledgeNodes).values(links).onConflictDoNothing();
    },
  };
}

export type KnowledgeImportRepository = ReturnType<typeof knowledgeImportRepository>;
