import { and, asc, count, eq, sql } from 'drizzle-orm';
import { courseMembers } from '../../db/schema/courses.ts';
import { users } from '../../db/schema/identity.ts';
import { voteBallots } from '../../db/schema/votes.ts';
import type { Database, Executor } from '../../platform/database.ts';

export type BallotRow = typeof voteBallots.$inferSelect;
export type NamedBallotRow = BallotRow & { userNo: string; name: string };

const isStudent = sql`${courseMembers.roles} @> array['student']::text[]`;

export function votesRepository(db: Database) {
  return {
    /** Casts or replaces the student's ballot. */
    async upsertBallot(
      activityId: number,
      userId: number,
      options: string[],
      tx: Executor = db,
    ): Promise<void> {
      await tx
        .insert(voteBallots)
        .values({ activityId, userId, options })
        .onConflictDoUpdate({
          target: [voteBallots.activityId, voteBallots.userId],
          set: { options, votedAt: sql`now()` },
        });
    },

    async findBallot(
      activityId: number,
      userId: number,
      tx: Executor = db,
    ): Promise<NamedBallotRow | undefined> {
      const [row] = await tx
        .select({
          activityId: voteBallots.activityId,
          userId: voteBallots.userId,
          options: voteBallots.options,
          votedAt: voteBallots.votedAt,
          userNo: users.userNo,
          name: users.name,
        })
        .from(voteBallots)
        .innerJoin(users, eq(users.id, voteBallots.userId))
        .where(and(eq(voteBallots.activityId, activityId), eq(voteBallots.userId, userId)));
      return row;
    },

    /** Every ballot with its voter, in voting order (named votes, for the teaching team). */
    async namedBallots(activityId: number, tx: Executor = db): Promise<NamedBallotRow[]> {
      return tx
        .select({
          activityId: voteBallots.activityId,
          userId: voteBallots.userId,
          options: voteBallots.options,
          votedAt: voteBallots.votedAt,
          userNo: users.userNo,
          name: users.name,
        })
        .from(voteBallots)
        .innerJoin(users, eq(users.id, voteBallots.userId))
        .where(eq(voteBallots.activityId, activityId))
        .orderBy(asc(voteBallots.votedAt), asc(voteBallots.userId));
    },

    /** Ballots per option letter, and how many ballots there are. */
    async counts(
      activityId: number,
      tx: Executor = db,
    ): Promise<{ voters: number; byOption: Map<string, number> }> {
      const rows = await tx
        .select({
          option: sql<string>`o.value`,
          n: count(),
        })
        .from(voteBallots)
        .innerJoin(sql`jsonb_array_elements_text(${voteBallots.options}) as o(value)`, sql`true`)
        .where(eq(voteBallots.activityId, activityId))
        .groupBy(sql`o.value`);
      const [voters] = await tx
        .select({ n: count() })
        .from(voteBallots)
        .where(eq(voteBallots.activityId, activityId));
      return { voters: voters?.n ?? 0, byOption: new Map(rows.map((r) => [r.option, Number(r.n)])) };
    },

    async studentCount(courseId: number, tx: Executor = db): Promise<number> {
      const [row] = await tx
        .select({ n: count() })
        .from(courseMembers)
        .where(and(eq(courseMembers.courseId, courseId), isStudent));
      return row?.n ?? 0;
    },
  };
}
