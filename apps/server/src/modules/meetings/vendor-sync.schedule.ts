import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { activities } from '../../db/schema/activities.ts';
import { meetingVendorLinks } from '../../db/schema/meetings.ts';
import type { Executor } from '../../platform/database.ts';
import { enqueueMany } from '../../platform/jobs/job-queue.ts';

export const VENDOR_SYNC_JOB = 'meetings.vendor_sync';

/** Runs before a failing vendor is given up (10 s, 20 s, 40 s … apart: about 20 minutes in all). */
const VENDOR_SYNC_ATTEMPTS = 8;

/** The activities a change touches: one, several, or every one of a module or course. */
export type VendorSyncScope =
  | Readonly<{ activityIds: readonly number[] }>
  | Readonly<{ moduleId: number }>
  | Readonly<{ courseId: number }>;

function scopeWhere(scope: VendorSyncScope): SQL {
  if ('activityIds' in scope) return inArray(activities.id, [...scope.activityIds]);
  if ('moduleId' in scope) return eq(activities.moduleId, scope.moduleId);
  return eq(activities.courseId, scope.courseId);
}

/**
 * Queues the vendor sync of the activities in `scope` that have a meeting at a vendor, in the caller's
 * transaction: the job exists if and only if the edit, deletion or restore committed. The job reconciles
 * the vendor with the activity as it then is (see vendor-sync.job.ts), so a vendor that cannot be reached
 * never fails the user's change, and jobs queued twice do the work once.
 *
 * This file imports no module, so the activities and course slices can call it without an import cycle.
 */
export async function scheduleVendorSync(tx: Executor, scope: VendorSyncScope): Promise<number> {
  if ('activityIds' in scope && scope.activityIds.length === 0) return 0;
  const rows = await tx
    .select({ id: activities.id })
    .from(activities)
    .leftJoin(meetingVendorLinks, eq(meetingVendorLinks.activityId, activities.id))
    .where(
      and(
        scopeWhere(scope),
        sql`(${meetingVendorLinks.activityId} is not null or ${activities.data} ? 'meeting_vendor')`,
      ),
    );
  // One insert for all of them: a course or module deleted with many meetings is one statement.
  return enqueueMany(
    tx,
    VENDOR_SYNC_JOB,
    rows.map((row) => ({ activity_id: row.id })),
    { maxAttempts: VENDOR_SYNC_ATTEMPTS },
  );
}
