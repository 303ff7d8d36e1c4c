import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { TEACHING_ROLES } from '@lectern/contracts/courses/course-roles';
import { courseMembers, courseNotDeleted, courses } from '../../db/schema/courses.ts';
import { users } from '../../db/schema/identity.ts';
import {
  knowledgeCaptures,
  knowledgeGraphStates,
  knowledgeNodeNotDeleted,
  knowledgeNodes,
  knowledgeVisits,
} from '../../db/schema/knowledge-graph.ts';
import type { Database, Executor } from '../../platform/database.ts';

export type CaptureRow = {
  capture: typeof knowledgeCaptures.$inferSelect;
  nodeName: string;
  creatorName: string;
  visitCount: number;
};

const captureVisits = sql<number>`(
  select count(*) from ${knowledgeVisits}
  where ${knowledgeVisits.targetType} = 'capture' and ${knowledgeVisits.targetId} = ${knowledgeCaptures.id})::int`;

/** Captures (learners' bookmarks under nodes) and the visits the beacons report: data only. */
export function knowledgeCapturesRepository(db: Database) {
  async function page(
    where: SQL | undefined,
    limit: number,
    offset: number,
    order: 'recent' | 'popular',
    tx: Executor,
  ) {
    const base = tx
      .select({
        capture: knowledgeCaptures,
        nodeName: knowledgeNodes.name,
        creatorName: users.name,
        visitCount: captureVisits,
      })
      .from(knowledgeCaptures)
      .innerJoin(knowledgeNodes, eq(knowledgeNodes.id, knowledgeCaptures.knowledgeNodeId))
      .innerJoin(users, eq(users.id, knowledgeCaptures.userId))
      .innerJoin(courses, eq(courses.id, knowledgeCaptures.courseId))
      .where(and(where, knowledgeNodeNotDeleted, courseNotDeleted));
    const rows = await (
      order === 'popular'
        ? base.orderBy(desc(captureVisits), desc(knowledgeCaptures.createdAt), desc(knowledgeCaptures.id))
        : base.orderBy(desc(knowledgeCaptures.createdAt), desc(knowledgeCaptures.id))
    )
      .limit(limit)
      .offset(offset);
    const [total] = await tx
      .select({ n: count() })
      .from(knowledgeCaptures)
      .innerJoin(knowledgeNodes, eq(knowledgeNodes.id, knowledgeCaptures.knowledgeNodeId))
      .innerJoin(courses, eq(courses.id, knowledgeCaptures.courseId))
      .where(and(where, knowledgeNodeNotDeleted, courseNotDeleted));
    return { rows: rows as CaptureRow[], total: total?.n ?? 0 };
  }

  return {
    async insert(values: typeof knowledgeCaptures.$inferInsert, tx: Executor = db) {
      const [row] = await tx.insert(knowledgeCaptures).values(values).returning();
      if (!row) throw new Error('capture insert returned nothing');
      return row;
    },

    async find(id: number, tx: Executor = db): Promise<CaptureRow | undefined> {
      const { rows } = await page(eq(knowledgeCaptures.id, id), 1, 0, 'recent', tx);
      return rows[0];
    },

    /** The user's own captures, newest first. */
    async mine(
      userId: number,
      courseId: number | undefined,
      limit: number,
      offset: number,
      tx: Executor = db,
    ) {
      return page(
        and(
          eq(knowledgeCaptures.userId, userId),
          courseId === undefined ? undefined : eq(knowledgeCaptures.courseId, courseId),
        ),
        limit,
        offset,
        'recent',
        tx,
      );
    },

    /**
     * Public captures of the courses where the user reads the graph: they are a member and the graph is
     * published, or they teach it.
     */
    async publicFor(
      userId: number,
      courseId: number | undefined,
      limit: number,
      offset: number,
      tx: Executor = db,
    ) {
      const readable = sql`${knowledgeCaptures.courseId} in (
        select ${courseMembers.courseId} from ${courseMembers}
        left join ${knowledgeGraphStates} on ${knowledgeGraphStates.courseId} = ${courseMembers.courseId}
        where ${courseMembers.userId} = ${userId}
          and (${knowledgeGraphStates.published} is true
               or ${courseMembers.roles} && ${`{${TEACHING_ROLES.join(',')}}`}::text[]))`;
      return page(
        and(
          eq(knowledgeCaptures.isPublic, true),
          readable,
          courseId === undefined ? undefined : eq(knowledgeCaptures.courseId, courseId),
        ),
        limit,
        offset,
        'recent',
        tx,
      );
    },

    /** The node's public captures, most visited first. */
    async recommended(nodeId: number, limit: number, offset: number, tx: Executor = db) {
      return page(
        and(eq(knowledgeCaptures.knowledgeNodeId, nodeId), eq(knowledgeCaptures.isPublic, true)),
        limit,
        offset,
        'popular',
        tx,
      );
    },

    async insertVisit(values: typeof knowledgeVisits.$inferInsert, tx: Executor = db): Promise<void> {
      await tx.insert(knowledgeVisits).values(values);
    },

    /** Visits of the node's resources, by type and id. */
    async resourceVisitCounts(nodeId: number, tx: Executor = db): Promise<Map<string, number>> {
      const rows = await tx
        .select({ type: knowledgeVisits.targetType, id: knowledgeVisits.targetId, n: count() })
        .from(knowledgeVisits)
        .where(
          and(
            eq(knowledgeVisits.knowledgeNodeId, nodeId),
            inArray(knowledgeVisits.targetType, ['activity', 'upload', 'subject']),
          ),
        )
        .groupBy(knowledgeVisits.targetType, knowledgeVisits.targetId);
      return new Map(rows.map((r) => [`${r.type}:${r.id}`, r.n]));
    },
  };
}
