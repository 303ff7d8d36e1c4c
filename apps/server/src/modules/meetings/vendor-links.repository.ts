import { and, eq, isNull, lt, ne, sql } from 'drizzle-orm';
import { activities } from '../../db/schema/activities.ts';
import { courseModules, courses } from '../../db/schema/courses.ts';
import { meetingVendorLinks, meetingVendorRequests } from '../../db/schema/meetings.ts';
import type { Database, Executor } from '../../platform/database.ts';

export type VendorLinkRow = typeof meetingVendorLinks.$inferSelect;
export type VendorName = VendorLinkRow['vendor'];

/** An activity as the vendor sync sees it: deleted with itself, its module or its course, or not. */
export type SyncedActivity = {
  id: number;
  orgId: number;
  courseId: number;
  type: string;
  title: string;
  data: Record<string, unknown>;
  startTime: Date | null;
  endTime: Date | null;
  createdBy: number;
  updatedAt: Date;
  hidden: boolean;
};

/** What Lectern made at meeting vendors (meeting_vendor_links) and its per-request claims. */
export function vendorLinksRepository(db: Database) {
  return {
    async find(activityId: number, tx: Executor = db): Promise<VendorLinkRow | undefined> {
      const [row] = await tx
        .select()
        .from(meetingVendorLinks)
        .where(eq(meetingVendorLinks.activityId, activityId));
      return row;
    },

    /**
     * Claims the activity for creating its vendor meeting: true when this caller may ask the vendor. A
     * claim left by a request that died (past `claimed_until`) is taken over; a live claim or a made
     * meeting refuses.
     */
    async claim(
      row: { activityId: number; vendor: VendorName; ownerId: number; ttlMs: number },
      tx: Executor = db,
    ): Promise<boolean> {
      const until = sql`now() + ${`${row.ttlMs} milliseconds`}::interval`;
      const claimed = await tx
        .insert(meetingVendorLinks)
        .values({
          activityId: row.activityId,
          vendor: row.vendor,
          ownerId: row.ownerId,
          state: 'creating',
          claimedUntil: until,
        })
        .onConflictDoUpdate({
          target: meetingVendorLinks.activityId,
          set: { vendor: row.vendor, ownerId: row.ownerId, claimedUntil: until, updatedAt: sql`now()` },
          setWhere: and(
            eq(meetingVendorLinks.state, 'creating'),
            lt(meetingVendorLinks.claimedUntil, sql`now()`),
          ),
        })
        .returning({ activityId: meetingVendorLinks.activityId });
      return claimed.length > 0;
    },

    /**
     * Moves the link from one state to another if it is still in the first: the one run that succeeds
     * acts on the vendor. Entering `creating` sets a claim that expires after `claimMs`; taking over a
     * claim whose holder died asks for `onlyExpiredClaim`, so two runs never both take it.
     */
    async transition(
      activityId: number,
      from: VendorLinkRow['state'],
      to: VendorLinkRow['state'],
      options: { claimMs?: number; onlyExpiredClaim?: boolean } = {},
      tx: Executor = db,
    ): Promise<boolean> {
      const { claimMs, onlyExpiredClaim = false } = options;
      const rows = await tx
        .update(meetingVendorLinks)
        .set({
          state: to,
          claimedUntil: claimMs === undefined ? null : sql`now() + ${`${claimMs} milliseconds`}::interval`,
          updatedAt: sql`now()`,
        })
        .where(
          and(
            eq(meetingVendorLinks.activityId, activityId),
            eq(meetingVendorLinks.state, from),
            onlyExpiredClaim ? lt(meetingVendorLinks.claimedUntil, sql`now()`) : undefined,
          ),
        )
        .returning({ activityId: meetingVendorLinks.activityId });
      return rows.length > 0;
    },

    /** Gives a claim up (the vendor refused): the next request may try again. */
    async release(activityId: number, tx: Executor = db): Promise<void> {
      await tx
        .delete(meetingVendorLinks)
        .where(and(eq(meetingVendorLinks.activityId, activityId), eq(meetingVendorLinks.state, 'creating')));
    },

    /** Records the meeting made for the activity (after a claim, or for an activity just created). */
    async saveActive(
      row: {
        activityId: number;
        vendor: VendorName;
        meetingId: string;
        ownerId: number | null;
        vendorHostUserid: string | null;
        syncedHash: string | null;
      },
      tx: Executor = db,
    ): Promise<void> {
      const values = { ...row, state: 'active' as const, claimedUntil: null, lastError: null };
      await tx
        .insert(meetingVendorLinks)
        .values(values)
        .onConflictDoUpdate({
          target: meetingVendorLinks.activityId,
          set: { ...values, updatedAt: sql`now()` },
        });
    },

    async update(
      activityId: number,
      changes: Partial<
        Pick<VendorLinkRow, 'meetingId' | 'state' | 'syncedHash' | 'lastError' | 'vendorHostUserid'>
      >,
      tx: Executor = db,
    ): Promise<void> {
      await tx
        .update(meetingVendorLinks)
        .set({ ...changes, updatedAt: sql`now()` })
        .where(eq(meetingVendorLinks.activityId, activityId));
    },

    /**
     * Whether another activity that is not deleted still holds the same vendor meeting (one Tencent
     * meeting made for several courses at once): such a meeting is not cancelled for one of them.
     */
    async sharedWithVisible(link: VendorLinkRow, tx: Executor = db): Promise<boolean> {
      if (!link.meetingId) return false;
      const [row] = await tx
        .select({ id: meetingVendorLinks.activityId })
        .from(meetingVendorLinks)
        .innerJoin(activities, eq(activities.id, meetingVendorLinks.activityId))
        .innerJoin(courseModules, eq(courseModules.id, activities.moduleId))
        .innerJoin(courses, eq(courses.id, activities.courseId))
        .where(
          and(
            eq(meetingVendorLinks.vendor, link.vendor),
            eq(meetingVendorLinks.meetingId, link.meetingId),
            eq(meetingVendorLinks.state, 'active'),
            ne(meetingVendorLinks.activityId, link.activityId),
            isNull(activities.recycleBinItemId),
            isNull(courseModules.recycleBinItemId),
            isNull(courses.recycleBinItemId),
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    /** The activity whatever its deletion, with whether it (or its module or course) is in a recycle bin. */
    async activity(activityId: number, tx: Executor = db): Promise<SyncedActivity | undefined> {
      const [row] = await tx
        .select({
          id: activities.id,
          orgId: courses.orgId,
          courseId: activities.courseId,
          type: activities.type,
          title: activities.title,
          data: activities.data,
          startTime: activities.startTime,
          endTime: activities.endTime,
          createdBy: activities.createdBy,
          updatedAt: activities.updatedAt,
          hidden: sql<boolean>`(${activities.recycleBinItemId} is not null or ${courseModules.recycleBinItemId} is not null or ${courses.recycleBinItemId} is not null)`,
        })
        .from(activities)
        .innerJoin(courseModules, eq(courseModules.id, activities.moduleId))
        .innerJoin(courses, eq(courses.id, activities.courseId))
        .where(eq(activities.id, activityId));
      return row ? { ...row, data: (row.data ?? {}) as Record<string, unknown> } : undefined;
    },

    /** Merges vendor fields into the activity's `data` under a row lock, so no concurrent change is lost. */
    async mergeActivityData(
      activityId: number,
      fields: Record<string, unknown>,
      tx: Executor,
    ): Promise<void> {
      const [row] = await tx
        .select({ data: activities.data })
        .from(activities)
        .where(eq(activities.id, activityId))
        .for('update');
      if (!row) return;
      await tx
        .update(activities)
        .set({ data: { ...(row.data as Record<string, unknown>), ...fields }, updatedAt: sql`now()` })
        .where(eq(activities.id, activityId));
    },

    /**
     * Claims a request key: 'mine' when this caller runs the request; otherwise the row another request
     * holds (pending or done). A pending claim past its expiry, or a done one past its minute, is taken over.
     */
    async claimRequest(
      key: string,
      userId: number,
      ttlMs: number,
      tx: Executor = db,
    ): Promise<
      | { mine: true }
      | { mine: false; state: 'pending' | 'done'; response: Record<string, unknown> | null }
      | null
    > {
      const until = sql`now() + ${`${ttlMs} milliseconds`}::interval`;
      const claimed = await tx
        .insert(meetingVendorRequests)
        .values({ key, userId, state: 'pending', expiresAt: until })
        .onConflictDoUpdate({
          target: meetingVendorRequests.key,
          set: { state: 'pending', response: null, expiresAt: until, createdAt: sql`now()` },
          setWhere: lt(meetingVendorRequests.expiresAt, sql`now()`),
        })
        .returning({ key: meetingVendorRequests.key });
      if (claimed.length > 0) return { mine: true };
      const [row] = await tx.select().from(meetingVendorRequests).where(eq(meetingVendorRequests.key, key));
      // Released between the two statements: the caller tries again.
      if (!row) return null;
      return { mine: false, state: row.state, response: row.response };
    },

    async finishRequest(
      key: string,
      response: Record<string, unknown>,
      keepMs: number,
      tx: Executor = db,
    ): Promise<void> {
      await tx
        .update(meetingVendorRequests)
        .set({
          state: 'done',
          response,
          expiresAt: sql`now() + ${`${keepMs} milliseconds`}::interval`,
        })
        .where(eq(meetingVendorRequests.key, key));
    },

    async releaseRequest(key: string, tx: Executor = db): Promise<void> {
      await tx
        .delete(meetingVendorRequests)
        .where(and(eq(meetingVendorRequests.key, key), eq(meetingVendorRequests.state, 'pending')));
    },
  };
}
