import { and, eq, inArray, notExists } from 'drizzle-orm';
import { ACTIVITY_PARENT } from '@lectern/contracts/uploads/upload.schemas';
import { activities } from '../../db/schema/activities.ts';
import { h5Packages } from '../../db/schema/h5-courseware.ts';
import { uploadReferences } from '../../db/schema/uploads.ts';
import type { AppContext } from '../../platform/app-context.ts';
import type { Database, Executor } from '../../platform/database.ts';

/** Which activities are going: one, a module's or a course's (what a recycle-bin purge takes). */
export type ActivityScope = { activityId: number } | { moduleId: number } | { courseId: number };

/**
 * The unpacked files of a package (decision 0018: one storage object per file) live as long as some
 * activity has the package attached. When the last one lets go — the package is replaced, or its activity
 * is purged from the recycle bin — the package's row goes in the caller's transaction and its files right
 * after the commit: a failure between leaves stray files, never a row pointing at missing ones.
 */
export function h5PackageCleanup(ctx: Pick<AppContext, 'storage' | 'log'> & { db: Database }) {
  return {
    /** The packages attached to the activities in scope (read before their attachments are removed). */
    async packagesIn(scope: ActivityScope, tx: Executor = ctx.db): Promise<number[]> {
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
      const rows = await tx
        .selectDistinct({ uploadId: h5Packages.uploadId })
        .from(uploadReferences)
        .innerJoin(h5Packages, eq(h5Packages.uploadId, uploadReferences.uploadId))
        .where(and(eq(uploadReferences.parentType, ACTIVITY_PARENT), inScope));
      return rows.map((r) => r.uploadId);
    },

    /**
     * Deletes the package rows of these uploads that no activity holds any more and returns the storage
     * keys of their files, for `removeFiles` once the transaction has committed.
     */
    async releaseUnattached(uploadIds: readonly number[], tx: Executor = ctx.db): Promise<string[]> {
      if (uploadIds.length === 0) return [];
      const released = await tx
        .delete(h5Packages)
        .where(
          and(
            inArray(h5Packages.uploadId, [...uploadIds]),
            notExists(
              tx
                .select({ id: uploadReferences.id })
                .from(uploadReferences)
                .where(
                  and(
                    eq(uploadReferences.uploadId, h5Packages.uploadId),
                    eq(uploadReferences.parentType, ACTIVITY_PARENT),
                  ),
                ),
            ),
          ),
        )
        .returning({ files: h5Packages.files });
      return released.flatMap((row) => Object.values(row.files).map((file) => file.key));
    },

    /** Removes released files from storage; one that cannot be removed is logged and left. */
    async removeFiles(keys: readonly string[]): Promise<void> {
      for (const key of keys) {
        try {
          await ctx.storage.delete(key);
        } catch (error) {
          ctx.log.warn({ err: error, storageKey: key }, 'could not remove a file of a released H5 package');
        }
      }
    },
  };
}
