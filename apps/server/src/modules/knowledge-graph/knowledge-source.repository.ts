import { and, asc, desc, eq, exists, inArray, sql } from 'drizzle-orm';
import { courseMembers, courseNotDeleted, courses } from '../../db/schema/courses.ts';
import {
  knowledgeGraphSnapshots,
  knowledgeGraphStates,
  knowledgeNodeNotDeleted,
  knowledgeNodes,
} from '../../db/schema/knowledge-graph.ts';
import { courseClassifications } from '../../db/schema/public-listings.ts';
import type { Database, Executor } from '../../platform/database.ts';

export type PublishedCourseRow = {
  id: number;
  name: string;
  courseCode: string | null;
  publishedAt: Date | null;
  classificationId: number | null;
  classificationName: string | null;
};

/** What a Lectern serves as a knowledge source: its published graphs and their publish snapshots. Data only. */
export function knowledgeSourceRepository(db: Database) {
  return {
    /**
     * Courses of the organisation whose graph is published and that the user may read: every one for an
     * administrator, else those they are a member of.
     */
    async publishedCourses(
      orgId: number,
      userId: number,
      isOrgAdmin: boolean,
      tx: Executor = db,
    ): Promise<PublishedCourseRow[]> {
      return tx
        .select({
          id: courses.id,
          name: sql<string>`coalesce(${courses.displayName}, ${courses.name})`,
          courseCode: courses.courseCode,
          publishedAt: knowledgeGraphStates.publishedAt,
          classificationId: courseClassifications.id,
          classificationName: courseClassifications.name,
        })
        .from(courses)
        .innerJoin(knowledgeGraphStates, eq(knowledgeGraphStates.courseId, courses.id))
        .leftJoin(
          courseClassifications,
          and(
            eq(courseClassifications.id, courses.classificationId),
            eq(courseClassifications.orgId, courses.orgId),
          ),
        )
        .where(
          and(
            eq(courses.orgId, orgId),
            courseNotDeleted,
            eq(knowledgeGraphStates.published, true),
            isOrgAdmin
              ? undefined
              : exists(
                  tx
                    .select({ one: sql`1` })
                    .from(courseMembers)
                    .where(and(eq(courseMembers.courseId, courses.id), eq(courseMembers.userId, userId))),
                ),
          ),
        )
        .orderBy(asc(courseClassifications.sort), asc(courseClassifications.id), asc(courses.id));
    },

    /** Publish snapshots of these courses, newest first, at most `perCourse` each. */
    async publishSnapshots(courseIds: readonly number[], perCourse: number, tx: Executor = db) {
      if (courseIds.length === 0) return [];
      const ranked = tx
        .select({
          id: knowledgeGraphSnapshots.id,
          courseId: knowledgeGraphSnapshots.courseId,
          createdAt: knowledgeGraphSnapshots.createdAt,
          nodeCount: sql<number>`jsonb_array_length(${knowledgeGraphSnapshots.tree})`.as('node_count'),
          relationCount: sql<number>`jsonb_array_length(${knowledgeGraphSnapshots.relations})`.as(
            'relation_count',
          ),
          rank: sql<number>`row_number() over (partition by ${knowledgeGraphSnapshots.courseId} order by ${knowledgeGraphSnapshots.createdAt} desc, ${knowledgeGraphSnapshots.id} desc)`.as(
            'rank',
          ),
        })
        .from(knowledgeGraphSnapshots)
        .where(
          and(
            inArray(knowledgeGraphSnapshots.courseId, [...courseIds]),
            eq(knowledgeGraphSnapshots.trigger, 'publish'),
          ),
        )
        .as('ranked');
      return tx
        .select()
        .from(ranked)
        .where(sql`${ranked.rank} <= ${perCourse}`)
        .orderBy(asc(ranked.courseId), desc(ranked.createdAt), desc(ranked.id));
    },

    /** Publish snapshots by id (other triggers are not versions). */
    async snapshotsById(ids: readonly number[], tx: Executor = db) {
      if (ids.length === 0) return [];
      return tx
        .select()
        .from(knowledgeGraphSnapshots)
        .where(
          and(inArray(knowledgeGraphSnapshots.id, [...ids]), eq(knowledgeGraphSnapshots.trigger, 'publish')),
        );
    },

    /** The newest publish snapshot of a course. */
    async latestSnapshot(courseId: number, tx: Executor = db) {
      const [row] = await tx
        .select({ id: knowledgeGraphSnapshots.id })
        .from(knowledgeGraphSnapshots)
        .where(
          and(eq(knowledgeGraphSnapshots.courseId, courseId), eq(knowledgeGraphSnapshots.trigger, 'publish')),
        )
        .orderBy(desc(knowledgeGraphSnapshots.createdAt), desc(knowledgeGraphSnapshots.id))
        .limit(1);
      return row;
    },

    /** Descriptions of these nodes of the course while they are still live (snapshots keep no descriptions). */
    async liveDescriptions(courseId: number, ids: readonly number[], tx: Executor = db) {
      if (ids.length === 0) return new Map<number, string>();
      const rows = await tx
        .select({ id: knowledgeNodes.id, description: knowledgeNodes.description })
        .from(knowledgeNodes)
        .where(
          and(
            eq(knowledgeNodes.courseId, courseId),
            inArray(knowledgeNodes.id, [...ids]),
            knowledgeNodeNotDeleted,
          ),
        );
      return new Map(rows.map((r) => [r.id, r.description]));
    },

    async courseName(courseId: number, tx: Executor = db): Promise<string | null> {
      const [row] = await tx
        .select({ name: sql<string>`coalesce(${courses.displayName}, ${courses.name})` })
        .from(courses)
        .where(and(eq(courses.id, courseId), courseNotDeleted));
      return row?.name ?? null;
    },
  };
}
