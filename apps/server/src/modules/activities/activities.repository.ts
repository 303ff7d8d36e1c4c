import { and, asc, eq, getTableColumns, inArray, max, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { ACTIVITY_PARENT } from '@lectern/contracts/uploads/upload.schemas';
import type { WatchedRange } from '@lectern/contracts/activities/watched-ranges';
import {
  activities,
  activityNotDeleted,
  activityReads,
  videoWatchRanges,
} from '../../db/schema/activities.ts';
import { uploadReferences } from '../../db/schema/uploads.ts';
import { courseModules, moduleNotDeleted, syllabi, syllabusNotDeleted } from '../../db/schema/courses.ts';
import { orgs, users } from '../../db/schema/identity.ts';
import type { Database, Executor } from '../../platform/database.ts';
import { withCompiledRows } from '../../platform/compiled-rows.ts';

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
// Columns are selected flat (no nested `activity` object) so rows need no reshaping after the driver.
const detailColumns = {
  ...getTableColumns(activities),
  // A syllabus in the recycle bin is not shown: its activities read as directly in the module meanwhile.
  syllabusId: syllabi.id,
  moduleName: courseModules.name,
  syllabusSummary: syllabi.summary,
  creatorName: users.name,
  read: sql<boolean>`exists (select 1 from ${activityReads} where ${activityReads.activityId} = ${activities.id} and ${activityReads.userId} = ${sql.placeholder('viewerId')})`,
  hasAttachments: sql<boolean>`exists (select 1 from ${uploadReferences} where ${uploadReferences.parentType} = ${ACTIVITY_PARENT} and ${uploadReferences.parentId} = ${activities.id})`,
};

function selectDetailed(tx: Executor, where: SQL | undefined) {
  return tx
    .select(detailColumns)
    .from(activities)
    .innerJoin(courseModules, eq(courseModules.id, activities.moduleId))
    .innerJoin(users, eq(users.id, activities.createdBy))
    .leftJoin(syllabi, and(eq(syllabi.id, activities.syllabusId), syllabusNotDeleted))
    .where(and(where, activityNotDeleted))
    .orderBy(asc(courseModules.sort), asc(courseModules.id), asc(activities.sort), asc(activities.id));
}

// The course activity list is the most requested read of the product (every course page, every student),
// so it is one named prepared statement: built once, planned once per connection. Optional filters are
// null-tolerant parameters rather than a different SQL text per combination.
const optional = (column: SQL | AnyPgColumn, name: string, pgType: string) =>
  sql`(${sql.placeholder(name)}::${sql.raw(pgType)} is null or ${column} = ${sql.placeholder(name)})`;

function prepareList(tx: Executor) {
  return withCompiledRows(
    selectDetailed(
      tx,
      and(
        eq(activities.courseId, sql.placeholder('courseId')),
        optional(activities.moduleId, 'moduleId', 'integer'),
        optional(activities.syllabusId, 'syllabusId', 'integer'),
        optional(activities.type, 'type', 'text'),
        sql`(not ${sql.placeholder('publishedOnly')}::boolean or ${activities.published})`,
      ),
    ).prepare('activities_list'),
  );
}

function prepareDetail(tx: Executor) {
  return withCompiledRows(
    selectDetailed(tx, eq(activities.id, sql.placeholder('id'))).prepare('activities_detail'),
  );
}

export function activitiesRepository(db: Database) {
  let listOnDb: ReturnType<typeof prepareList> | undefined;
  let detailOnDb: ReturnType<typeof prepareDetail> | undefined;
  const listStatement = (tx: Executor) => (tx === db ? (listOnDb ??= prepareList(db)) : prepareList(tx));
  const detailStatement = (tx: Executor) =>
    tx === db ? (detailOnDb ??= prepareDetail(db)) : prepareDetail(tx);

  return {
    async findById(id: number, tx: Executor = db): Promise<ActivityRow | undefined> {
      const [row] = await tx
        .select()
        .from(activities)
        .where(and(eq(activities.id, id), activityNotDeleted));
      return row;
    },

    async findByIds(ids: readonly number[], tx: Executor = db): Promise<ActivityRow[]> {
      if (ids.length === 0) return [];
      return tx
        .select()
        .from(activities)
        .where(and(inArray(activities.id, [...ids]), activityNotDeleted));
    },

    async findDetailedById(
      id: number,
      viewerId: number,
      tx: Executor = db,
    ): Promise<ActivityDetailRow | undefined> {
      const [row] = await detailStatement(tx).execute({ id, viewerId });
      return row;
    },

    /** In course order: module sort, then the activity's sort within its module, then id. */
    async list(filter: ActivityFilter, tx: Executor = db): Promise<ActivityDetailRow[]> {
      return listStatement(tx).execute({
        courseId: filter.courseId,
        moduleId: filter.moduleId ?? null,
        syllabusId: filter.syllabusId ?? null,
        type: filter.type ?? null,
        publishedOnly: filter.publishedOnly,
        viewerId: filter.viewerId,
      });
    },

    async findModule(id: number, tx: Executor = db) {
      const [row] = await tx
        .select({ id: courseModules.id, courseId: courseModules.courseId })
        .from(courseModules)
        .where(and(eq(courseModules.id, id), moduleNotDeleted));
      return row;
    },

    async findSyllabus(id: number, tx: Executor = db) {
      const [row] = await tx
        .select({ id: syllabi.id, moduleId: syllabi.moduleId })
        .from(syllabi)
        .where(and(eq(syllabi.id, id), syllabusNotDeleted));
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

    /**
     * The learner's watched ranges of a video, its row locked for the rest of the transaction (created
     * empty first), so two reports arriving together both end up in the union.
     */
    async lockWatchRanges(
      activityId: number,
      userId: number,
      tx: Executor,
    ): Promise<{ ranges: WatchedRange[]; completeness: number }> {
      await tx.insert(videoWatchRanges).values({ activityId, userId }).onConflictDoNothing();
      const [row] = await tx
        .select({ ranges: videoWatchRanges.ranges, completeness: videoWatchRanges.completeness })
        .from(videoWatchRanges)
        .where(and(eq(videoWatchRanges.activityId, activityId), eq(videoWatchRanges.userId, userId)))
        .for('update');
      return row ?? { ranges: [], completeness: 0 };
    },

    async saveWatchRanges(
      activityId: number,
      userId: number,
      values: { ranges: WatchedRange[]; completeness: number },
      tx: Executor,
    ): Promise<void> {
      await tx
        .update(videoWatchRanges)
        .set({ ...values, updatedAt: sql`now()` })
        .where(and(eq(videoWatchRanges.activityId, activityId), eq(videoWatchRanges.userId, userId)));
    },

    async findWatchRanges(activityId: number, userId: number, tx: Executor = db) {
      const [row] = await tx
        .select({ ranges: videoWatchRanges.ranges, completeness: videoWatchRanges.completeness })
        .from(videoWatchRanges)
        .where(and(eq(videoWatchRanges.activityId, activityId), eq(videoWatchRanges.userId, userId)));
      return row;
    },

    /** The learner's watched percentage of each of these videos that they have started. */
    async watchedCompleteness(
      activityIds: readonly number[],
      userId: number,
      tx: Executor = db,
    ): Promise<Map<number, number>> {
      if (activityIds.length === 0) return new Map();
      const rows = await tx
        .select({ activityId: videoWatchRanges.activityId, completeness: videoWatchRanges.completeness })
        .from(videoWatchRanges)
        .where(
          and(inArray(videoWatchRanges.activityId, [...activityIds]), eq(videoWatchRanges.userId, userId)),
        );
      return new Map(rows.map((r) => [r.activityId, r.completeness]));
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
