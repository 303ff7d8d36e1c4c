import { and, asc, count, eq, ilike, inArray, sql } from 'drizzle-orm';
import { courseMembers } from '../../db/schema/courses.ts';
import { users } from '../../db/schema/identity.ts';
import { meetingJoins } from '../../db/schema/meetings.ts';
import type { Database, Executor } from '../../platform/database.ts';

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
  };
}
