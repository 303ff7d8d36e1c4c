import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { courseEstimateReplies, courseEstimates } from '../../db/schema/course-services.ts';
import { users } from '../../db/schema/identity.ts';
import type { Database, Executor } from '../../platform/database.ts';

export type EstimateRow = {
  id: number;
  courseId: number;
  userId: number;
  score: number;
  content: string;
  createdAt: Date;
  updatedAt: Date;
  authorName: string;
  authorAvatar: string | null;
  replyCount: number;
};
export type EstimateReplyRow = {
  id: number;
  estimateId: number;
  userId: number;
  content: string;
  createdAt: Date;
  authorName: string;
  authorAvatar: string | null;
  courseId: number;
};

const live = isNull(courseEstimates.deletedAt);
const liveReply = isNull(courseEstimateReplies.deletedAt);

const replyCount = sql<number>`(select count(*)::int from ${courseEstimateReplies}
  where ${courseEstimateReplies.estimateId} = ${courseEstimates.id} and ${courseEstimateReplies.deletedAt} is null)`;

const estimateColumns = {
  id: courseEstimates.id,
  courseId: courseEstimates.courseId,
  userId: courseEstimates.userId,
  score: courseEstimates.score,
  content: courseEstimates.content,
  createdAt: courseEstimates.createdAt,
  updatedAt: courseEstimates.updatedAt,
  authorName: users.name,
  authorAvatar: users.avatarSmallUrl,
  replyCount,
};

const replyColumns = {
  id: courseEstimateReplies.id,
  estimateId: courseEstimateReplies.estimateId,
  userId: courseEstimateReplies.userId,
  content: courseEstimateReplies.content,
  createdAt: courseEstimateReplies.createdAt,
  authorName: users.name,
  authorAvatar: users.avatarSmallUrl,
  courseId: courseEstimates.courseId,
};

/** Postgres' unique_violation, raised by the one-review-per-student index. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown; cause?: { code?: unknown } } | null)?.code;
  const causeCode = (error as { cause?: { code?: unknown } } | null)?.cause?.code;
  return code === '23505' || causeCode === '23505';
}

export function courseEstimatesRepository(db: Database) {
  function estimates(tx: Executor) {
    return tx
      .select(estimateColumns)
      .from(courseEstimates)
      .innerJoin(users, eq(users.id, courseEstimates.userId));
  }
  function replies(tx: Executor) {
    return tx
      .select(replyColumns)
      .from(courseEstimateReplies)
      .innerJoin(courseEstimates, eq(courseEstimates.id, courseEstimateReplies.estimateId))
      .innerJoin(users, eq(users.id, courseEstimateReplies.userId));
  }

  return {
    async findEstimate(id: number, tx: Executor = db): Promise<EstimateRow | undefined> {
      const [row] = await estimates(tx).where(and(eq(courseEstimates.id, id), live));
      return row;
    },

    async findMine(courseId: number, userId: number, tx: Executor = db): Promise<EstimateRow | undefined> {
      const [row] = await estimates(tx).where(
        and(eq(courseEstimates.courseId, courseId), eq(courseEstimates.userId, userId), live),
      );
      return row;
    },

    async page(
      courseId: number,
      page: { offset: number; limit: number },
      tx: Executor = db,
    ): Promise<EstimateRow[]> {
      return estimates(tx)
        .where(and(eq(courseEstimates.courseId, courseId), live))
        .orderBy(desc(courseEstimates.createdAt), desc(courseEstimates.id))
        .offset(page.offset)
        .limit(page.limit);
    },

    /** How many live reviews gave each score, and their average. */
    async summary(
      courseId: number,
      tx: Executor = db,
    ): Promise<{ total: number; average: number | null; byScore: number[] }> {
      const rows = await tx
        .select({ score: courseEstimates.score, n: count() })
        .from(courseEstimates)
        .where(and(eq(courseEstimates.courseId, courseId), live))
        .groupBy(courseEstimates.score);
      const byScore = [0, 0, 0, 0, 0];
      let total = 0;
      let sum = 0;
      for (const row of rows) {
        byScore[row.score - 1] = row.n;
        total += row.n;
        sum += row.score * row.n;
      }
      return { total, average: total === 0 ? null : Math.round((sum / total) * 10) / 10, byScore };
    },

    async insert(
      values: { courseId: number; userId: number; score: number; content: string },
      tx: Executor = db,
    ): Promise<number> {
      const [row] = await tx.insert(courseEstimates).values(values).returning({ id: courseEstimates.id });
      if (!row) throw new Error('estimate not inserted');
      return row.id;
    },

    async update(id: number, values: { score: number; content: string }, tx: Executor = db): Promise<void> {
      await tx
        .update(courseEstimates)
        .set({ ...values, updatedAt: sql`now()` })
        .where(and(eq(courseEstimates.id, id), live));
    },

    async softDelete(id: number, by: number, tx: Executor = db): Promise<void> {
      await tx
        .update(courseEstimates)
        .set({ deletedAt: sql`now()`, deletedBy: by })
        .where(and(eq(courseEstimates.id, id), live));
    },

    async findReply(id: number, tx: Executor = db): Promise<EstimateReplyRow | undefined> {
      const [row] = await replies(tx).where(and(eq(courseEstimateReplies.id, id), liveReply, live));
      return row;
    },

    async repliesOf(estimateIds: readonly number[], tx: Executor = db): Promise<EstimateReplyRow[]> {
      if (estimateIds.length === 0) return [];
      return replies(tx)
        .where(and(inArray(courseEstimateReplies.estimateId, [...estimateIds]), liveReply, live))
        .orderBy(asc(courseEstimateReplies.createdAt), asc(courseEstimateReplies.id));
    },

    async repliesOfCourse(courseId: number, tx: Executor = db): Promise<EstimateReplyRow[]> {
      return replies(tx)
        .where(and(eq(courseEstimates.courseId, courseId), liveReply, live))
        .orderBy(asc(courseEstimateReplies.createdAt), asc(courseEstimateReplies.id));
    },

    async insertReply(
      values: { estimateId: number; userId: number; content: string },
      tx: Executor = db,
    ): Promise<number> {
      const [row] = await tx
        .insert(courseEstimateReplies)
        .values(values)
        .returning({ id: courseEstimateReplies.id });
      if (!row) throw new Error('reply not inserted');
      return row.id;
    },

    async softDeleteReply(id: number, by: number, tx: Executor = db): Promise<void> {
      await tx
        .update(courseEstimateReplies)
        .set({ deletedAt: sql`now()`, deletedBy: by })
        .where(and(eq(courseEstimateReplies.id, id), liveReply));
    },
  };
}
