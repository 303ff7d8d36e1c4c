import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { ACTIVITY_RESOURCE_PARENT } from '@lectern/contracts/activity-resources/activity-resources.schemas';
import { activityResourceRecordings, activityResourceVisits } from '../../db/schema/activity-resources.ts';
import { activities } from '../../db/schema/activities.ts';
import { courseMembers } from '../../db/schema/courses.ts';
import { users } from '../../db/schema/identity.ts';
import { uploadReferences, uploads } from '../../db/schema/uploads.ts';
import type { Database, Executor } from '../../platform/database.ts';

export type ResourceRow = {
  reference: typeof uploadReferences.$inferSelect;
  upload: typeof uploads.$inferSelect;
  creator: { name: string; userNo: string };
  /** Put here by the platform from a live's recording (activity_resource_recordings). */
  cloudRecording: boolean;
};

export type ResourceStatisticsRow = {
  referenceId: number;
  viewCount: number;
  downloadCount: number;
  viewerCount: number;
  downloaderCount: number;
};

const resourceColumns = {
  reference: uploadReferences,
  upload: uploads,
  creator: { name: users.name, userNo: users.userNo },
  cloudRecording: sql<boolean>`${activityResourceRecordings.referenceId} is not null`,
};

const ofActivity = (activityId: number) =>
  and(
    eq(uploadReferences.parentType, ACTIVITY_RESOURCE_PARENT),
    eq(uploadReferences.parentId, activityId),
    eq(uploads.deleted, false),
  );

export function activityResourcesRepository(db: Database) {
  return {
    /** The activity's live resources, oldest first. */
    async list(activityId: number, tx: Executor = db): Promise<ResourceRow[]> {
      return tx
        .select(resourceColumns)
        .from(uploadReferences)
        .innerJoin(uploads, eq(uploads.id, uploadReferences.uploadId))
        .innerJoin(users, eq(users.id, uploadReferences.createdBy))
        .leftJoin(activityResourceRecordings, eq(activityResourceRecordings.referenceId, uploadReferences.id))
        .where(ofActivity(activityId))
        .orderBy(asc(uploadReferences.sort), asc(uploadReferences.id));
    },

    /** The resource of the activity that is this upload. */
    async find(activityId: number, uploadId: number, tx: Executor = db): Promise<ResourceRow | undefined> {
      const [row] = await tx
        .select(resourceColumns)
        .from(uploadReferences)
        .innerJoin(uploads, eq(uploads.id, uploadReferences.uploadId))
        .innerJoin(users, eq(users.id, uploadReferences.createdBy))
        .leftJoin(activityResourceRecordings, eq(activityResourceRecordings.referenceId, uploadReferences.id))
        .where(and(ofActivity(activityId), eq(uploadReferences.uploadId, uploadId)));
      return row;
    },

    async insert(
      values: {
        activityId: number;
        uploadId: number;
        name: string;
        allowDownload: boolean;
        createdBy: number;
      },
      tx: Executor = db,
    ): Promise<number> {
      const [row] = await tx
        .insert(uploadReferences)
        .values({
          uploadId: values.uploadId,
          parentType: ACTIVITY_RESOURCE_PARENT,
          parentId: values.activityId,
          name: values.name,
          allowDownload: values.allowDownload,
          createdBy: values.createdBy,
          // Appended: after every resource the activity has.
          sort: sql`(select coalesce(max(${uploadReferences.sort}) + 1, 0) from ${uploadReferences}
          where ${uploadReferences.parentType} = ${ACTIVITY_RESOURCE_PARENT}
            and ${uploadReferences.parentId} = ${values.activityId})`,
        })
        .returning({ id: uploadReferences.id });
      if (!row) throw new Error('resource reference not inserted');
      return row.id;
    },

    /** Whether this recording (by its source) is already a resource: a re-run job adds nothing. */
    async hasRecording(
      source: 'lecture_live' | 'meeting_recording',
      sourceId: number,
      tx: Executor = db,
    ): Promise<boolean> {
      const [row] = await tx
        .select({ id: activityResourceRecordings.referenceId })
        .from(activityResourceRecordings)
        .where(
          and(
            eq(activityResourceRecordings.source, source),
            eq(activityResourceRecordings.sourceId, sourceId),
          ),
        );
      return row !== undefined;
    },

    /** Marks the resource behind this reference as a cloud recording of its source. */
    async markRecording(
      referenceId: number,
      source: 'lecture_live' | 'meeting_recording',
      sourceId: number,
      tx: Executor = db,
    ): Promise<void> {
      await tx.insert(activityResourceRecordings).values({ referenceId, source, sourceId });
    },

    async update(
      referenceId: number,
      changes: { name?: string; allowDownload?: boolean },
      tx: Executor = db,
    ): Promise<void> {
      if (changes.name === undefined && changes.allowDownload === undefined) return;
      await tx.update(uploadReferences).set(changes).where(eq(uploadReferences.id, referenceId));
    },

    /** Takes the resource off; its visit counts go with it (foreign key cascade). */
    async delete(referenceId: number, tx: Executor = db): Promise<void> {
      await tx.delete(uploadReferences).where(eq(uploadReferences.id, referenceId));
    },

    /**
     * Detaches the resources of activities being purged (one, a module's or a course's): they point at
     * their activity by type and id, which no foreign key can cascade, and would keep the files alive.
     */
    async detachFromActivities(
      scope: { activityId: number } | { moduleId: number } | { courseId: number },
      tx: Executor = db,
    ): Promise<void> {
      const inScope =
        'activityId' in scope
          ? eq(uploadReferences.parentId, scope.activityId)
          : inArray(
              uploadReferences.parentId,
              tx
                .select({ id: activities.id })
                .from(activities)
                .where(
                  'moduleId' in scope
                    ? eq(activities.moduleId, scope.moduleId)
                    : eq(activities.courseId, scope.courseId),
                ),
            );
      await tx
        .delete(uploadReferences)
        .where(and(eq(uploadReferences.parentType, ACTIVITY_RESOURCE_PARENT), inScope));
    },

    /** One more view or download by this user, counted in place. */
    async countVisit(
      referenceId: number,
      userId: number,
      kind: 'view' | 'download',
      tx: Executor = db,
    ): Promise<void> {
      const column =
        kind === 'view' ? activityResourceVisits.viewCount : activityResourceVisits.downloadCount;
      await tx
        .insert(activityResourceVisits)
        .values({
          referenceId,
          userId,
          viewCount: kind === 'view' ? 1 : 0,
          downloadCount: kind === 'download' ? 1 : 0,
        })
        .onConflictDoUpdate({
          target: [activityResourceVisits.referenceId, activityResourceVisits.userId],
          set: {
            [kind === 'view' ? 'viewCount' : 'downloadCount']: sql`${column} + 1`,
            lastVisitedAt: sql`now()`,
          },
        });
    },

    /** Per resource of the activity, how its course's students used it (members holding the student role). */
    async statistics(activityId: number, tx: Executor = db): Promise<ResourceStatisticsRow[]> {
      const v = activityResourceVisits;
      return tx
        .select({
          referenceId: v.referenceId,
          viewCount: sql<number>`coalesce(sum(${v.viewCount}), 0)`.mapWith(Number),
          downloadCount: sql<number>`coalesce(sum(${v.downloadCount}), 0)`.mapWith(Number),
          viewerCount: sql<number>`count(*) filter (where ${v.viewCount} > 0)`.mapWith(Number),
          downloaderCount: sql<number>`count(*) filter (where ${v.downloadCount} > 0)`.mapWith(Number),
        })
        .from(v)
        .innerJoin(uploadReferences, eq(uploadReferences.id, v.referenceId))
        .innerJoin(activities, eq(activities.id, uploadReferences.parentId))
        .innerJoin(
          courseMembers,
          and(eq(courseMembers.courseId, activities.courseId), eq(courseMembers.userId, v.userId)),
        )
        .where(
          and(
            eq(uploadReferences.parentType, ACTIVITY_RESOURCE_PARENT),
            eq(uploadReferences.parentId, activityId),
            sql`'student' = any(${courseMembers.roles})`,
          ),
        )
        .groupBy(v.referenceId);
    },
  };
}
