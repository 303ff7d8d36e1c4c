import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { ACTIVITY_RESOURCE_PARENT } from '@lectern/contracts/activity-resources/activity-resources.schemas';
import { stripMarkup } from '@lectern/contracts/common/plain-text';
import { activities, activityNotDeleted } from '../../db/schema/activities.ts';
import { subjectKnowledgeNodes, subjectNotDeleted, subjects } from '../../db/schema/exams.ts';
import {
  knowledgeNodeNotDeleted,
  knowledgeNodeReferences,
  knowledgeNodes,
  knowledgeReferenceFragments,
} from '../../db/schema/knowledge-graph.ts';
import { uploadReferences, uploads } from '../../db/schema/uploads.ts';
import type { Database, Executor } from '../../platform/database.ts';

export type ReferType = 'activity' | 'upload' | 'subject';
export type FragmentRow = typeof knowledgeReferenceFragments.$inferSelect;

/** One reference of a node as read: with what it points at and, for files, the activity holding them. */
export type ReferenceRow = {
  id: number | null;
  knowledgeNodeId: number;
  referType: ReferType;
  referId: number;
  title: string;
  activityType: string | null;
  /** The activity itself, or the activity a file is attached to; null for questions. */
  activityId: number | null;
};

/** Parent types under which a file belongs to an activity of the course (its attachments, its resources). */
const ACTIVITY_FILE_PARENTS = ['learning_activity', ACTIVITY_RESOURCE_PARENT];
const SUBJECT_TITLE_MAX = 120;

export function subjectTitle(description: string): string {
  const text = stripMarkup(description).replace(/\s+/g, ' ').trim();
  return text.length > SUBJECT_TITLE_MAX ? `${text.slice(0, SUBJECT_TITLE_MAX - 1)}…` : text;
}

/**
 * Live questions of a course: of its libraries, of its activities' papers and of its video quizzes. The
 * subqueries alias their tables: a one-table select renders its own columns unqualified.
 */
function subjectOfCourse(courseId: number) {
  return and(
    subjectNotDeleted,
    sql`(${subjects.libId} in (select l.id from subject_libs l where l.course_id = ${courseId})
      or ${subjects.activityId} in (
        select a.id from activities a where a.course_id = ${courseId} and a.recycle_bin_item_id is null)
      or ${subjects.videoQuizId} in (
        select q.id from courseware_quizzes q join activities a on a.id = q.activity_id
        where a.course_id = ${courseId} and a.recycle_bin_item_id is null))`,
  );
}

/** The ids a query found, as a set; no query when there is nothing to look for. */
async function idSet(
  ids: readonly number[],
  find: (ids: number[]) => Promise<readonly { id: number }[]>,
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await find([...ids]);
  return new Set(rows.map((r) => r.id));
}

/** The columns every reference row reads of `knowledge_node_references`. */
const referenceColumns = {
  id: knowledgeNodeReferences.id,
  knowledgeNodeId: knowledgeNodeReferences.knowledgeNodeId,
  referId: knowledgeNodeReferences.referId,
};

/** The references of these nodes of one refer type. */
function referencesOf(nodeIds: number[], referType: 'activity' | 'upload') {
  return and(
    inArray(knowledgeNodeReferences.knowledgeNodeId, nodeIds),
    eq(knowledgeNodeReferences.referType, referType),
  );
}

/** References of nodes to activities, files and questions, and the fragments of activity references. */
export function knowledgeReferencesRepository(db: Database) {
  return {
    /** Of `ids`, the live activities of the course. */
    async activitiesOfCourse(
      courseId: number,
      ids: readonly number[],
      tx: Executor = db,
    ): Promise<Set<number>> {
      return idSet(ids, (list) =>
        tx
          .select({ id: activities.id })
          .from(activities)
          .where(and(eq(activities.courseId, courseId), inArray(activities.id, list), activityNotDeleted)),
      );
    },

    /** Of `ids`, the live files attached to (or resources of) live activities of the course. */
    async uploadsOfCourse(courseId: number, ids: readonly number[], tx: Executor = db): Promise<Set<number>> {
      return idSet(ids, (list) =>
        tx
          .selectDistinct({ id: uploads.id })
          .from(uploads)
          .innerJoin(uploadReferences, eq(uploadReferences.uploadId, uploads.id))
          .innerJoin(activities, eq(activities.id, uploadReferences.parentId))
          .where(
            and(
              inArray(uploads.id, list),
              eq(uploads.deleted, false),
              inArray(uploadReferences.parentType, ACTIVITY_FILE_PARENTS),
              eq(activities.courseId, courseId),
              activityNotDeleted,
            ),
          ),
      );
    },

    /** Of `ids`, the live questions of the course. */
    async subjectsOfCourse(
      courseId: number,
      ids: readonly number[],
      tx: Executor = db,
    ): Promise<Set<number>> {
      return idSet(ids, (list) =>
        tx
          .select({ id: subjects.id })
          .from(subjects)
          .where(and(inArray(subjects.id, list), subjectOfCourse(courseId))),
      );
    },

    /** Every reference of the nodes, activities and files first (by id), then questions. */
    async referencesOfNodes(nodeIds: readonly number[], tx: Executor = db): Promise<ReferenceRow[]> {
      if (nodeIds.length === 0) return [];
      const nodes = [...nodeIds];
      const activityRows = await tx
        .select({ ...referenceColumns, title: activities.title, activityType: activities.type })
        .from(knowledgeNodeReferences)
        .innerJoin(activities, eq(activities.id, knowledgeNodeReferences.referId))
        .where(and(referencesOf(nodes, 'activity'), activityNotDeleted))
        .orderBy(asc(knowledgeNodeReferences.id));
      // A file may hang on several activities; the first live one is where it is shown.
      const uploadRows = await tx
        .select({
          ...referenceColumns,
          title: uploads.name,
          activityId: sql<number | null>`(
            select min(${uploadReferences.parentId}) from ${uploadReferences}
            join ${activities} on ${activities.id} = ${uploadReferences.parentId}
            where ${uploadReferences.uploadId} = ${uploads.id}
              and ${uploadReferences.parentType} in ('learning_activity', ${ACTIVITY_RESOURCE_PARENT})
              and ${activities.recycleBinItemId} is null)`,
        })
        .from(knowledgeNodeReferences)
        .innerJoin(uploads, eq(uploads.id, knowledgeNodeReferences.referId))
        .where(and(referencesOf(nodes, 'upload'), eq(uploads.deleted, false)))
        .orderBy(asc(knowledgeNodeReferences.id));
      const subjectRows = await tx
        .select({
          knowledgeNodeId: subjectKnowledgeNodes.knowledgeNodeId,
          referId: subjects.id,
          description: subjects.description,
        })
        .from(subjectKnowledgeNodes)
        .innerJoin(subjects, eq(subjects.id, subjectKnowledgeNodes.subjectId))
        .where(and(inArray(subjectKnowledgeNodes.knowledgeNodeId, nodes), subjectNotDeleted))
        .orderBy(asc(subjects.id));
      const merged: ReferenceRow[] = [
        ...activityRows.map((r) => ({ ...r, referType: 'activity' as const, activityId: r.referId })),
        ...uploadRows.map((r) => ({ ...r, referType: 'upload' as const, activityType: null })),
      ].sort((a, b) => (a.id ?? 0) - (b.id ?? 0));
      return [
        ...merged,
        ...subjectRows.map((r) => ({
          id: null,
          knowledgeNodeId: r.knowledgeNodeId,
          referType: 'subject' as const,
          referId: r.referId,
          title: subjectTitle(r.description),
          activityType: null,
          activityId: null,
        })),
      ];
    },

    async fragmentsOf(referenceIds: readonly number[], tx: Executor = db): Promise<FragmentRow[]> {
      if (referenceIds.length === 0) return [];
      return tx
        .select()
        .from(knowledgeReferenceFragments)
        .where(inArray(knowledgeReferenceFragments.referenceId, [...referenceIds]))
        .orderBy(asc(knowledgeReferenceFragments.startSeconds), asc(knowledgeReferenceFragments.id));
    },

    /** Adds references; those already there are left as they are. */
    async add(
      courseId: number,
      nodeId: number,
      targets: readonly { referType: ReferType; referId: number }[],
      userId: number,
      tx: Executor,
    ): Promise<void> {
      const rows = targets
        .filter((t) => t.referType !== 'subject')
        .map((t) => ({
          courseId,
          knowledgeNodeId: nodeId,
          referType: t.referType as 'activity' | 'upload',
          referId: t.referId,
          createdBy: userId,
        }));
      if (rows.length > 0) await tx.insert(knowledgeNodeReferences).values(rows).onConflictDoNothing();
      const links = targets
        .filter((t) => t.referType === 'subject')
        .map((t) => ({ subjectId: t.referId, knowledgeNodeId: nodeId }));
      if (links.length > 0) await tx.insert(subjectKnowledgeNodes).values(links).onConflictDoNothing();
    },

    async remove(
      nodeId: number,
      targets: readonly { referType: ReferType; referId: number }[],
      tx: Executor,
    ): Promise<void> {
      for (const type of ['activity', 'upload'] as const) {
        const ids = targets.filter((t) => t.referType === type).map((t) => t.referId);
        if (ids.length === 0) continue;
        await tx
          .delete(knowledgeNodeReferences)
          .where(
            and(
              eq(knowledgeNodeReferences.knowledgeNodeId, nodeId),
              eq(knowledgeNodeReferences.referType, type),
              inArray(knowledgeNodeReferences.referId, ids),
            ),
          );
      }
      const subjectIds = targets.filter((t) => t.referType === 'subject').map((t) => t.referId);
      if (subjectIds.length > 0) {
        await tx
          .delete(subjectKnowledgeNodes)
          .where(
            and(
              eq(subjectKnowledgeNodes.knowledgeNodeId, nodeId),
              inArray(subjectKnowledgeNodes.subjectId, subjectIds),
            ),
          );
      }
    },

    /** The activity's links to live nodes, with the nodes. */
    async ofActivity(activityId: number, tx: Executor = db) {
      return tx
        .select({ reference: knowledgeNodeReferences, node: knowledgeNodes })
        .from(knowledgeNodeReferences)
        .innerJoin(knowledgeNodes, eq(knowledgeNodes.id, knowledgeNodeReferences.knowledgeNodeId))
        .where(
          and(
            eq(knowledgeNodeReferences.referType, 'activity'),
            eq(knowledgeNodeReferences.referId, activityId),
            knowledgeNodeNotDeleted,
          ),
        )
        .orderBy(asc(knowledgeNodes.sort), asc(knowledgeNodes.id));
    },

    /** Links the activity to exactly these nodes (others go, with their fragments). */
    async setActivityNodes(
      courseId: number,
      activityId: number,
      nodeIds: readonly number[],
      userId: number,
      tx: Executor,
    ): Promise<void> {
      const ofThisActivity = and(
        eq(knowledgeNodeReferences.referType, 'activity'),
        eq(knowledgeNodeReferences.referId, activityId),
      );
      await tx
        .delete(knowledgeNodeReferences)
        .where(
          nodeIds.length === 0
            ? ofThisActivity
            : and(ofThisActivity, notInArray(knowledgeNodeReferences.knowledgeNodeId, [...nodeIds])),
        );
      if (nodeIds.length === 0) return;
      await tx
        .insert(knowledgeNodeReferences)
        .values(
          nodeIds.map((nodeId) => ({
            courseId,
            knowledgeNodeId: nodeId,
            referType: 'activity' as const,
            referId: activityId,
            createdBy: userId,
          })),
        )
        .onConflictDoNothing();
    },

    /** Adds fragments; one with a chapter id already on the reference is replaced. */
    async upsertFragments(
      fragments: readonly Omit<typeof knowledgeReferenceFragments.$inferInsert, 'id' | 'createdAt'>[],
      tx: Executor,
    ): Promise<void> {
      for (const fragment of fragments) {
        await tx
          .insert(knowledgeReferenceFragments)
          .values(fragment)
          .onConflictDoUpdate({
            target: [knowledgeReferenceFragments.referenceId, knowledgeReferenceFragments.chapterId],
            set: {
              title: fragment.title ?? '',
              startSeconds: fragment.startSeconds ?? null,
              endSeconds: fragment.endSeconds ?? null,
            },
          });
      }
    },

    /** Removes one fragment; answers whether there was one. */
    async deleteFragment(referenceId: number, chapterId: string, tx: Executor = db): Promise<boolean> {
      const rows = await tx
        .delete(knowledgeReferenceFragments)
        .where(
          and(
            eq(knowledgeReferenceFragments.referenceId, referenceId),
            eq(knowledgeReferenceFragments.chapterId, chapterId),
          ),
        )
        .returning({ id: knowledgeReferenceFragments.id });
      return rows.length > 0;
    },

    /** The node's fragments with their (live) activities. */
    async fragmentsOfNode(nodeId: number, tx: Executor = db) {
      return tx
        .select({
          fragment: knowledgeReferenceFragments,
          activityId: activities.id,
          activityTitle: activities.title,
          activityType: activities.type,
        })
        .from(knowledgeReferenceFragments)
        .innerJoin(
          knowledgeNodeReferences,
          eq(knowledgeNodeReferences.id, knowledgeReferenceFragments.referenceId),
        )
        .innerJoin(activities, eq(activities.id, knowledgeNodeReferences.referId))
        .where(
          and(
            eq(knowledgeNodeReferences.knowledgeNodeId, nodeId),
            eq(knowledgeNodeReferences.referType, 'activity'),
            activityNotDeleted,
          ),
        )
        .orderBy(
          asc(activities.id),
          asc(knowledgeReferenceFragments.startSeconds),
          asc(knowledgeReferenceFragments.id),
        );
    },

    /** The course's live activities with the live nodes each is linked to. */
    async coursewareActivities(courseId: number, tx: Executor = db) {
      return tx
        .select({
          id: activities.id,
          title: activities.title,
          type: activities.type,
          moduleId: activities.moduleId,
          published: activities.published,
          // Aliased and qualified: a one-table select renders its own columns unqualified.
          knowledgeNodeIds: sql<number[]>`coalesce((
            select array_agg(r.knowledge_node_id order by r.knowledge_node_id)
            from knowledge_node_references r
            join knowledge_nodes n on n.id = r.knowledge_node_id
            where r.refer_type = 'activity' and r.refer_id = "activities"."id" and n.deleted_at is null), '{}'::int[])`,
        })
        .from(activities)
        .where(and(eq(activities.courseId, courseId), activityNotDeleted))
        .orderBy(asc(activities.sort), asc(activities.id));
    },
  };
}
