import { and, asc, eq, inArray, max, sql, type SQL } from 'drizzle-orm';
import { ACTIVITY_PARENT } from '@lectern/contracts/uploads/upload.schemas';
import { activities, activityReads } from '../../db/schema/activities.ts';
import { uploadReferences } from '../../db/schema/uploads.ts';
import { courseModules, syllabi } from '../../db/schema/courses.ts';
import { orgs, users } from '../../db/schema/identity.ts';
import type { Database, Executor } from '../../platform/database.ts';

export type ActivityRow = typeof activities.$inferSelect;
export type NewActivity = typeof activities.$inferInsert;
/** An activity with the names its wire form shows beside it. */
export type ActivityDetailRow = ActivityRow & {
  moduleName: string;
  syllabusSummary: string | null;
  creatorName: string;
  /** The viewer has read or joined it. */
  read: boolean;
  /** It has at least one attachment (so lists fetch references only for those). */
  hasAttachments: boolean;
};

export type ActivityFilter = {
  courseId: number;
  moduleId?: number | undefined;
  syllabusId?: number | undefined;
  type?: string | undefined;
  publishedOnly: boolean;
  /** Whose read marks to report. */
  viewerId: number;
};

// The read mark rides along as a correlated EXISTS on the primary key, so listing needs no second query.
const detailColumns = (viewerId: number) => ({
  activity: activities,
  moduleName: courseModules.name,
  syllabusSummary: syllabi.summary,
  creatorName: users.name,
  read: sql<boolean>`exists (select 1 from ${activityReads} where ${activityReads.activityId} = ${activities.id} and ${activityReads.userId} = ${viewerId})`,
  hasAttachments: sql<boolean>`exists (select 1 from ${uploadReferences} where ${uploadReferences.parentType} = ${ACTIVITY_PARENT} and ${uploadReferences.parentId} = ${activities.id})`,
});

type DetailResult = {
  activity: ActivityRow;
  moduleName: string;
  syllabusSummary: string | null;
  creatorName: string;
  read: boolean;
  hasAttachments: boolean;
};
const flatten = (r: DetailResult): ActivityDetailRow => ({
  ...r.activity,
  moduleName: r.moduleName,
  syllabusSummary: r.syllabusSummary,
  creatorName: r.creatorName,
  read: r.read,
  hasAttachments: r.hasAttachments,
});

export function activitiesRepository(db: Database) {
  function selectDetailed(where: SQL | undefined, viewerId: number, tx: Executor) {
    return tx
      .select(detailColumns(viewerId))
      .from(activities)
      .innerJoin(courseModules, eq(courseModules.id, activities.moduleId))
      .innerJoin(users, eq(users.id, activities.createdBy))
      .leftJoin(syllabi, eq(syllabi.id, activities.syllabusId))
      .where(where)
      .orderBy(asc(courseModules.sort), asc(courseModules.id), asc(activities.sort), asc(activities.id));
  }

  return {
    async findById(id: number, tx: Executor = db): Promise<ActivityRow | undefined> {
      const [row] = await tx.select().from(activities).where(eq(activities.id, id));
      return row;
    },

    async findByIds(ids: readonly number[], tx: Executor = db): Promise<ActivityRow[]> {
      if (ids.length === 0) return [];
      return tx
        .select()
        .from(activities)
        .where(inArray(activities.id, [...ids]));
    },

    async findDetailedById(
      id: number,
      viewerId: number,
      tx: Executor = db,
    ): Promise<ActivityDetailRow | undefined> {
      const [row] = await selectDetailed(eq(activities.id, id), viewerId, tx);
      return row && flatten(row);
    },

    /** In course order: module sort, then the activity's sort within its module, then id. */
    async list(filter: ActivityFilter, tx: Executor = db): Promise<ActivityDetailRow[]> {
      const clauses: (SQL | undefined)[] = [eq(activities.courseId, filter.courseId)];
      if (filter.moduleId !== undefined) clauses.push(eq(activities.moduleId, filter.moduleId));
      if (filter.syllabusId !== undefined) clauses.push(eq(activities.syllabusId, filter.syllabusId));
      if (filter.type !== undefined) clauses.push(eq(activities.type, filter.type));
      if (filter.publishedOnly) clauses.push(eq(activities.published, true));
      const rows = await selectDetailed(and(...clauses), filter.viewerId, tx);
      return rows.map(flatten);
    },

    async findModule(id: number, tx: Executor = db) {
      const [row] = await tx
        .select({ id: courseModules.id, courseId: courseModules.courseId })
        .from(courseModules)
        .where(eq(courseModules.id, id));
      return row;
    },

    async findSyllabus(id: number, tx: Executor = db) {
      const [row] = await tx
        .select({ id: syllabi.id, moduleId: syllabi.moduleId })
        .from(syllabi)
        .where(eq(syllabi.id, id));
      return row;
    },

    /** The sort that puts a new activity after every other one in the module. */
    async nextSortInModule(moduleId: number, tx: Executor = db): Promise<number> {
      const [row] = await tx
        .select({ last: max(activities.sort) })
        .from(activities)
        .where(eq(activities.moduleId, moduleId));
      return row?.last === null || row?.last === undefined ? 0 : row.last + 1;
    },

    async insert(values: NewActivity, tx: Executor = db): Promise<ActivityRow> {
      const [row] = await tx.insert(activities).values(values).returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },

    async update(id: number, values: Partial<NewActivity>, tx: Executor = db): Promise<void> {
      await tx
        .update(activities)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(activities.id, id));
    },

    async delete(id: number, tx: Executor = db): Promise<void> {
      await tx.delete(activities).where(eq(activities.id, id));
    },

    async findOrgSettings(orgId: number, tx: Executor = db): Promise<Record<string, unknown>> {
      const [row] = await tx.select({ settings: orgs.settings }).from(orgs).where(eq(orgs.id, orgId));
      return row?.settings ?? {};
    },

    /** Which of these activities the user has read or joined. */
    async findRead(activityId: number, userId: number, tx: Executor = db) {
      const [row] = await tx
        .select()
        .from(activityReads)
        .where(and(eq(activityReads.activityId, activityId), eq(activityReads.userId, userId)));
      return row;
    },

    /** Counts one more read in a single statement, so concurrent reads never lose a count. */
    async recordRead(activityId: number, userId: number, tx: Executor = db): Promise<number> {
      const [row] = await tx
        .insert(activityReads)
        .values({ activityId, userId })
        .onConflictDoUpdate({
          target: [activityReads.activityId, activityReads.userId],
          set: { readCount: sql`${activityReads.readCount} + 1`, lastReadAt: sql`now()` },
        })
        .returning({ readCount: activityReads.readCount });
      if (!row) throw new Error('upsert returned no row');
      return row.readCount;
    },

    /** Of these activities, the ones somebody has read or joined. */
    async idsWithReads(activityIds: readonly number[], tx: Executor = db): Promise<number[]> {
      if (activityIds.length === 0) return [];
      const rows = await tx
        .selectDistinct({ activityId: activityReads.activityId })
        .from(activityReads)
        .where(inArray(activityReads.activityId, [...activityIds]));
      return rows.map((r) => r.activityId);
    },
  };
}

export type ActivitiesRepository = ReturnType<typeof activitiesRepository>;
