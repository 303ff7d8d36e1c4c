import { randomBytes } from 'node:crypto';
import { and, asc, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { ReplayState, StreamState } from '@lectern/contracts/lecture-live/lecture-live-status';
import { activities, activityNotDeleted } from '../../db/schema/activities.ts';
import { courseMembers, courseModules, courses, syllabi } from '../../db/schema/courses.ts';
import { users } from '../../db/schema/identity.ts';
import {
  lectureLiveBookings,
  lectureLiveReplays,
  lectureLives,
  lectureLiveVisits,
} from '../../db/schema/lecture-live.ts';
import type { Database, Executor } from '../../platform/database.ts';
import { countPerId, idsWithUserRow } from '../../platform/per-id-rows.ts';

export type LectureLiveRow = typeof lectureLives.$inferSelect;
export type ReplayRow = typeof lectureLiveReplays.$inferSelect;

/** 24 random bytes: a key nobody guesses, URL- and OBS-safe. */
export function newStreamKey(): string {
  return randomBytes(24).toString('base64url').replace(/[-_]/g, 'x');
}

const isStudent = sql`${courseMembers.roles} @> array['student']::text[]`;
const isInstructor = sql`${courseMembers.roles} && array['instructor']::text[]`;

export type LiveListFilter = {
  courseId: number;
  types: readonly string[];
  includeUnpublished: boolean;
  order: SQL[];
  limit: number;
  offset: number;
};

export function lectureLiveRepository(db: Database) {
  return {
    /** The ingest row, made with a fresh key on first use. */
    async ensure(activityId: number, tx: Executor = db): Promise<LectureLiveRow> {
      await tx
        .insert(lectureLives)
        .values({ activityId, streamKey: newStreamKey() })
        .onConflictDoNothing({ target: lectureLives.activityId });
      const [row] = await tx.select().from(lectureLives).where(eq(lectureLives.activityId, activityId));
      if (!row) throw new Error('lecture live row missing');
      return row;
    },

    async find(activityId: number, tx: Executor = db): Promise<LectureLiveRow | undefined> {
      const [row] = await tx.select().from(lectureLives).where(eq(lectureLives.activityId, activityId));
      return row;
    },

    async findMany(activityIds: readonly number[], tx: Executor = db): Promise<LectureLiveRow[]> {
      if (activityIds.length === 0) return [];
      return tx
        .select()
        .from(lectureLives)
        .where(inArray(lectureLives.activityId, [...activityIds]));
    },

    async setStreamKey(activityId: number, streamKey: string, tx: Executor = db): Promise<void> {
      await tx
        .update(lectureLives)
        .set({ streamKey, updatedAt: sql`now()` })
        .where(eq(lectureLives.activityId, activityId));
    },

    async setIngestPort(activityId: number, port: number | null, tx: Executor = db): Promise<void> {
      await tx.update(lectureLives).set({ ingestPort: port }).where(eq(lectureLives.activityId, activityId));
    },

    async setStreamState(activityId: number, state: StreamState, tx: Executor = db): Promise<void> {
      await tx
        .update(lectureLives)
        .set({
          streamState: state,
          updatedAt: sql`now()`,
          ...(state === 'publishing' ? { liveStartedAt: sql`now()`, liveEndedAt: null } : {}),
          ...(state === 'ended' ? { liveEndedAt: sql`now()` } : {}),
        })
        .where(eq(lectureLives.activityId, activityId));
    },

    /** Lecture lives whose listener should run: not deleted, not over. */
    async listenable(
      tx: Executor = db,
    ): Promise<{ id: number; streamKey: string; ingestPort: number | null; streamState: StreamState }[]> {
      return tx
        .select({
          id: activities.id,
          streamKey: lectureLives.streamKey,
          ingestPort: lectureLives.ingestPort,
          streamState: lectureLives.streamState,
        })
        .from(activities)
        .innerJoin(lectureLives, eq(lectureLives.activityId, activities.id))
        .where(
          and(
            eq(activities.type, 'lecture_live'),
            activityNotDeleted,
            sql`(${activities.endTime} is null or ${activities.endTime} > now() or ${lectureLives.streamState} = 'publishing')`,
          ),
        )
        .orderBy(asc(activities.id));
    },

    /** Lecture lives without an ingest row yet (made by the activity form, the seed, an import). */
    async withoutIngest(tx: Executor = db): Promise<number[]> {
      const rows = await tx
        .select({ id: activities.id })
        .from(activities)
        .leftJoin(lectureLives, eq(lectureLives.activityId, activities.id))
        .where(
          and(
            eq(activities.type, 'lecture_live'),
            activityNotDeleted,
            isNull(lectureLives.activityId),
            sql`(${activities.endTime} is null or ${activities.endTime} > now())`,
          ),
        );
      return rows.map((r) => r.id);
    },

    async isBooked(activityId: number, userId: number, tx: Executor = db): Promise<boolean> {
      const [row] = await tx
        .select({ userId: lectureLiveBookings.userId })
        .from(lectureLiveBookings)
        .where(and(eq(lectureLiveBookings.activityId, activityId), eq(lectureLiveBookings.userId, userId)));
      return row !== undefined;
    },

    /** True when this call booked (false: already booked). */
    async book(activityId: number, userId: number, tx: Executor = db): Promise<boolean> {
      const rows = await tx
        .insert(lectureLiveBookings)
        .values({ activityId, userId })
        .onConflictDoNothing()
        .returning({ userId: lectureLiveBookings.userId });
      return rows.length > 0;
    },

    async unbook(activityId: number, userId: number, tx: Executor = db): Promise<boolean> {
      const rows = await tx
        .delete(lectureLiveBookings)
        .where(and(eq(lectureLiveBookings.activityId, activityId), eq(lectureLiveBookings.userId, userId)))
        .returning({ userId: lectureLiveBookings.userId });
      return rows.length > 0;
    },

    bookedCounts(activityIds: readonly number[], tx: Executor = db): Promise<Map<number, number>> {
      return countPerId(tx, lectureLiveBookings, lectureLiveBookings.activityId, activityIds);
    },

    bookedBy(activityIds: readonly number[], userId: number, tx: Executor = db): Promise<Set<number>> {
      return idsWithUserRow(
        tx,
        lectureLiveBookings,
        lectureLiveBookings.activityId,
        lectureLiveBookings.userId,
        activityIds,
        userId,
      );
    },

    /** Marks the not yet notified bookings as notified; the users to tell now. */
    async takeUnnotified(activityId: number, tx: Executor = db): Promise<number[]> {
      const rows = await tx
        .update(lectureLiveBookings)
        .set({ notifiedAt: sql`now()` })
        .where(and(eq(lectureLiveBookings.activityId, activityId), isNull(lectureLiveBookings.notifiedAt)))
        .returning({ userId: lectureLiveBookings.userId });
      return rows.map((r) => r.userId);
    },

    /**
     * Sets the player settings inside the activity's `data` in place (jsonb_set), so an activity edit
     * saved meanwhile keeps its own fields and this one.
     */
    async setControllerConfig(
      activityId: number,
      config: { autoplay: boolean },
      tx: Executor = db,
    ): Promise<void> {
      await tx
        .update(activities)
        .set({
          data: sql`jsonb_set(coalesce(${activities.data}, '{}'::jsonb), '{controller_config}', ${JSON.stringify(config)}::jsonb)`,
        })
        .where(eq(activities.id, activityId));
    },

    async insertReplay(activityId: number, recordingFile: string, tx: Executor = db): Promise<ReplayRow> {
      const [row] = await tx.insert(lectureLiveReplays).values({ activityId, recordingFile }).returning();
      if (!row) throw new Error('replay not inserted');
      return row;
    },

    async findReplay(id: number, tx: Executor = db): Promise<ReplayRow | undefined> {
      const [row] = await tx.select().from(lectureLiveReplays).where(eq(lectureLiveReplays.id, id));
      return row;
    },

    async replays(activityId: number, tx: Executor = db): Promise<ReplayRow[]> {
      return tx
        .select()
        .from(lectureLiveReplays)
        .where(eq(lectureLiveReplays.activityId, activityId))
        .orderBy(desc(lectureLiveReplays.id));
    },

    async latestReplays(activityIds: readonly number[], tx: Executor = db): Promise<Map<number, ReplayRow>> {
      if (activityIds.length === 0) return new Map();
      const rows = await tx
        .selectDistinctOn([lectureLiveReplays.activityId])
        .from(lectureLiveReplays)
        .where(inArray(lectureLiveReplays.activityId, [...activityIds]))
        .orderBy(lectureLiveReplays.activityId, desc(lectureLiveReplays.id));
      return new Map(rows.map((r) => [r.activityId, r]));
    },

    async updateReplay(
      id: number,
      values: Partial<Pick<ReplayRow, 'progress' | 'durationSeconds' | 'lastError' | 'processedAt'>> & {
        state?: ReplayState;
        retryTimes?: number;
      },
      tx: Executor = db,
    ): Promise<void> {
      await tx.update(lectureLiveReplays).set(values).where(eq(lectureLiveReplays.id, id));
    },

    /**
     * Adds played seconds; `cap` bounds each visit by the time since the previous one, so a client sending
     * faster than every 10 s does not count faster than the clock.
     */
    async addVisit(
      activityId: number,
      userId: number,
      mode: 'live' | 'replay',
      seconds: number,
      clientType: string,
      tx: Executor = db,
    ): Promise<{ liveSeconds: number; replaySeconds: number }> {
      const column = mode === 'live' ? lectureLiveVisits.liveSeconds : lectureLiveVisits.replaySeconds;
      const capped = sql`least(${seconds}, greatest(0, floor(extract(epoch from (now() - ${lectureLiveVisits.lastVisitAt})))::int))`;
      const [row] = await tx
        .insert(lectureLiveVisits)
        .values({
          activityId,
          userId,
          clientType,
          liveSeconds: mode === 'live' ? seconds : 0,
          replaySeconds: mode === 'replay' ? seconds : 0,
        })
        .onConflictDoUpdate({
          target: [lectureLiveVisits.activityId, lectureLiveVisits.userId],
          set: {
            [mode === 'live' ? 'liveSeconds' : 'replaySeconds']: sql`${column} + ${capped}`,
            clientType,
            lastVisitAt: sql`now()`,
          },
        })
        .returning({
          liveSeconds: lectureLiveVisits.liveSeconds,
          replaySeconds: lectureLiveVisits.replaySeconds,
        });
      if (!row) throw new Error('visit not stored');
      return row;
    },

    async visits(activityId: number, tx: Executor = db) {
      return tx
        .select({
          userId: lectureLiveVisits.userId,
          userNo: users.userNo,
          name: users.name,
          liveSeconds: lectureLiveVisits.liveSeconds,
          replaySeconds: lectureLiveVisits.replaySeconds,
          lastVisitAt: lectureLiveVisits.lastVisitAt,
        })
        .from(lectureLiveVisits)
        .innerJoin(users, eq(users.id, lectureLiveVisits.userId))
        .where(eq(lectureLiveVisits.activityId, activityId))
        .orderBy(desc(lectureLiveVisits.liveSeconds), asc(users.userNo));
    },

    async studentCount(courseId: number, tx: Executor = db): Promise<number> {
      const [row] = await tx
        .select({ n: count() })
        .from(courseMembers)
        .where(and(eq(courseMembers.courseId, courseId), isStudent));
      return row?.n ?? 0;
    },

    async instructorNames(courseId: number, tx: Executor = db): Promise<string[]> {
      const rows = await tx
        .select({ name: users.name })
        .from(courseMembers)
        .innerJoin(users, eq(users.id, courseMembers.userId))
        .where(and(eq(courseMembers.courseId, courseId), isInstructor))
        .orderBy(asc(courseMembers.createdAt), asc(users.id));
      return rows.map((r) => r.name);
    },

    /** A course's live activities with their module, syllabus and creator, one page. */
    async listLives(filter: LiveListFilter, tx: Executor = db) {
      const where = and(
        eq(activities.courseId, filter.courseId),
        activityNotDeleted,
        inArray(activities.type, [...filter.types]),
        filter.includeUnpublished ? undefined : eq(activities.published, true),
      );
      const [total] = await tx.select({ n: count() }).from(activities).where(where);
      const rows = await tx
        .select({
          activity: activities,
          moduleName: courseModules.name,
          syllabusSummary: syllabi.summary,
          creatorName: users.name,
        })
        .from(activities)
        .innerJoin(courseModules, eq(courseModules.id, activities.moduleId))
        .leftJoin(syllabi, eq(syllabi.id, activities.syllabusId))
        .innerJoin(users, eq(users.id, activities.createdBy))
        .where(where)
        .orderBy(...filter.order)
        .limit(filter.limit)
        .offset(filter.offset);
      return { total: total?.n ?? 0, rows };
    },

    async orgOfCourse(courseId: number, tx: Executor = db): Promise<number> {
      const [row] = await tx.select({ orgId: courses.orgId }).from(courses).where(eq(courses.id, courseId));
      if (!row) throw new Error('course missing');
      return row.orgId;
    },

    async usersByIds(ids: readonly number[], tx: Executor = db) {
      if (ids.length === 0) return [];
      return tx
        .select({ id: users.id, name: users.name, userNo: users.userNo })
        .from(users)
        .where(inArray(users.id, [...ids]));
    },
  };
}

export type LectureLiveRepository = ReturnType<typeof lectureLiveRepository>;
