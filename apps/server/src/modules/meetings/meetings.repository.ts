import { and, asc, count, eq, ilike, inArray, isNotNull, sql } from 'drizzle-orm';
import { courseMembers, courseModules, moduleNotDeleted } from '../../db/schema/courses.ts';
import { users } from '../../db/schema/identity.ts';
import { meetingJoins, meetingRecordings, meetingVendorAccounts } from '../../db/schema/meetings.ts';
import type { Database, Executor } from '../../platform/database.ts';

export type VendorAccountRow = typeof meetingVendorAccounts.$inferSelect;
export type MeetingRecordingRow = typeof meetingRecordings.$inferSelect;

export type JoinRow = typeof meetingJoins.$inferSelect & { userNo: string; name: string };

/** `%`, `_` and `\` are ILIKE wildcards: a name filter matches them literally. */
function likeLiteral(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function meetingsRepository(db: Database) {
  const joinColumns = {
    activityId: meetingJoins.activityId,
    userId: meetingJoins.userId,
    subMeetingId: meetingJoins.subMeetingId,
    role: meetingJoins.role,
    firstJoinedAt: meetingJoins.firstJoinedAt,
    lastJoinedAt: meetingJoins.lastJoinedAt,
    joinCount: meetingJoins.joinCount,
    userNo: users.userNo,
    name: users.name,
  };

  return {
    /** Records a join; joining again counts and keeps the first time. */
    async recordJoin(
      row: { activityId: number; userId: number; subMeetingId: string; role: 'host' | 'guest' },
      tx: Executor = db,
    ): Promise<void> {
      await tx
        .insert(meetingJoins)
        .values(row)
        .onConflictDoUpdate({
          target: [meetingJoins.activityId, meetingJoins.subMeetingId, meetingJoins.userId],
          set: { lastJoinedAt: sql`now()`, joinCount: sql`${meetingJoins.joinCount} + 1` },
        });
    },

    /**
     * People a vendor reports in the meeting, as Lectern users by their bound vendor accounts: added once
     * each (a person already recorded keeps their own count), so reading attendance again adds nothing.
     */
    async recordVendorAttendance(
      activityId: number,
      vendor: 'tencent',
      attendees: readonly { vendorUserId: string; role: 'host' | 'guest' }[],
      tx: Executor = db,
    ): Promise<void> {
      if (attendees.length === 0) return;
      const accounts = await tx
        .select({ userId: meetingVendorAccounts.userId, vendorUserId: meetingVendorAccounts.vendorUserId })
        .from(meetingVendorAccounts)
        .where(
          and(
            eq(meetingVendorAccounts.vendor, vendor),
            inArray(
              meetingVendorAccounts.vendorUserId,
              attendees.map((a) => a.vendorUserId),
            ),
          ),
        );
      const roleOf = new Map(attendees.map((a) => [a.vendorUserId, a.role]));
      const rows = accounts.map((account) => ({
        activityId,
        userId: account.userId,
        subMeetingId: '',
        role: roleOf.get(account.vendorUserId) ?? 'guest',
      }));
      if (rows.length > 0) await tx.insert(meetingJoins).values(rows).onConflictDoNothing();
    },

    async listJoins(
      activityId: number,
      filter: {
        subMeetingId: string | undefined;
        userName: string | undefined;
        limit: number;
        offset: number;
      },
      tx: Executor = db,
    ): Promise<{ rows: JoinRow[]; total: number }> {
      const where = and(
        eq(meetingJoins.activityId, activityId),
        filter.subMeetingId !== undefined ? eq(meetingJoins.subMeetingId, filter.subMeetingId) : undefined,
        filter.userName ? ilike(users.name, likeLiteral(filter.userName)) : undefined,
      );
      const [rows, [totalRow]] = await Promise.all([
        tx
          .select(joinColumns)
          .from(meetingJoins)
          .innerJoin(users, eq(users.id, meetingJoins.userId))
          .where(where)
          .orderBy(asc(meetingJoins.firstJoinedAt), asc(meetingJoins.userId))
          .limit(filter.limit)
          .offset(filter.offset),
        tx
          .select({ total: count() })
          .from(meetingJoins)
          .innerJoin(users, eq(users.id, meetingJoins.userId))
          .where(where),
      ]);
      return { rows, total: totalRow?.total ?? 0 };
    },

    /** The course roles of these users (those with none are absent). */
    async rolesIn(courseId: number, userIds: readonly number[], tx: Executor = db) {
      if (userIds.length === 0) return new Map<number, readonly string[]>();
      const rows = await tx
        .select({ userId: courseMembers.userId, roles: courseMembers.roles })
        .from(courseMembers)
        .where(and(eq(courseMembers.courseId, courseId), inArray(courseMembers.userId, [...userIds])));
      return new Map<number, readonly string[]>(rows.map((r) => [r.userId, r.roles]));
    },

    async findUser(id: number, tx: Executor = db) {
      const [row] = await tx
        .select({ id: users.id, name: users.name, userNo: users.userNo, mobilePhone: users.mobilePhone })
        .from(users)
        .where(eq(users.id, id));
      return row;
    },

    async findUserEmail(id: number, tx: Executor = db) {
      const [row] = await tx
        .select({ id: users.id, name: users.name, email: users.email })
        .from(users)
        .where(eq(users.id, id));
      return row;
    },

    /** The course's members who have an e-mail address: a calendar invitation's attendees. */
    async membersWithEmail(courseId: number, tx: Executor = db) {
      return tx
        .select({ id: users.id, name: users.name, email: sql<string>`${users.email}` })
        .from(courseMembers)
        .innerJoin(users, eq(users.id, courseMembers.userId))
        .where(and(eq(courseMembers.courseId, courseId), isNotNull(users.email)))
        .orderBy(asc(users.id));
    },

    /** The first module of each course (by its order), where a module was not named. */
    async firstModules(courseIds: readonly number[], tx: Executor = db): Promise<Map<number, number>> {
      if (courseIds.length === 0) return new Map();
      const rows = await tx
        .selectDistinctOn([courseModules.courseId], {
          courseId: courseModules.courseId,
          id: courseModules.id,
        })
        .from(courseModules)
        .where(and(inArray(courseModules.courseId, [...courseIds]), moduleNotDeleted))
        .orderBy(courseModules.courseId, asc(courseModules.sort), asc(courseModules.id));
      return new Map(rows.map((r) => [r.courseId, r.id]));
    },

    async findAccount(
      userId: number,
      vendor: 'tencent' | 'lark',
      tx: Executor = db,
    ): Promise<VendorAccountRow | undefined> {
      const [row] = await tx
        .select()
        .from(meetingVendorAccounts)
        .where(and(eq(meetingVendorAccounts.userId, userId), eq(meetingVendorAccounts.vendor, vendor)));
      return row;
    },

    async saveAccount(row: Omit<VendorAccountRow, 'updatedAt'>, tx: Executor = db): Promise<void> {
      await tx
        .insert(meetingVendorAccounts)
        .values(row)
        .onConflictDoUpdate({
          target: [meetingVendorAccounts.userId, meetingVendorAccounts.vendor],
          set: {
            vendorUserId: row.vendorUserId,
            accessTokenEncrypted: row.accessTokenEncrypted,
            accessTokenExpiresAt: row.accessTokenExpiresAt,
            refreshTokenEncrypted: row.refreshTokenEncrypted,
            refreshTokenExpiresAt: row.refreshTokenExpiresAt,
            updatedAt: sql`now()`,
          },
        });
    },

    async deleteAccount(userId: number, vendor: 'tencent' | 'lark', tx: Executor = db): Promise<void> {
      await tx
        .delete(meetingVendorAccounts)
        .where(and(eq(meetingVendorAccounts.userId, userId), eq(meetingVendorAccounts.vendor, vendor)));
    },

    /**
     * Records a vendor recording seen for the first time; the new row, or undefined when it was already
     * known (so only the first sighting queues a copy).
     */
    async insertRecording(
      row: Pick<
        MeetingRecordingRow,
        'activityId' | 'vendor' | 'recordId' | 'format' | 'url' | 'state' | 'startTime' | 'endTime'
      >,
      tx: Executor = db,
    ): Promise<MeetingRecordingRow | undefined> {
      const [inserted] = await tx.insert(meetingRecordings).values(row).onConflictDoNothing().returning();
      return inserted;
    },

    async findRecording(id: number, tx: Executor = db): Promise<MeetingRecordingRow | undefined> {
      const [row] = await tx.select().from(meetingRecordings).where(eq(meetingRecordings.id, id));
      return row;
    },

    async listRecordings(activityId: number, tx: Executor = db): Promise<MeetingRecordingRow[]> {
      return tx
        .select()
        .from(meetingRecordings)
        .where(eq(meetingRecordings.activityId, activityId))
        .orderBy(asc(meetingRecordings.id));
    },

    async updateRecording(
      id: number,
      changes: Partial<Pick<MeetingRecordingRow, 'state' | 'lastError'>>,
      tx: Executor = db,
    ): Promise<void> {
      await tx.update(meetingRecordings).set(changes).where(eq(meetingRecordings.id, id));
    },
  };
}
