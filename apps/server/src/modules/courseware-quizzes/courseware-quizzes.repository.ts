import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { SubjectScore } from '@lectern/contracts/exams/grading';
import type { CoursewareQuizAnswer } from '@lectern/contracts/courseware-quizzes/courseware-quizzes.schemas';
import { activities } from '../../db/schema/activities.ts';
import { courseMembers } from '../../db/schema/courses.ts';
import { coursewareQuizSubmissions, coursewareQuizzes } from '../../db/schema/courseware-quizzes.ts';
import { subjectNotDeleted, subjects } from '../../db/schema/exams.ts';
import type { Database, Executor } from '../../platform/database.ts';
import { countPerId, idsWithUserRow } from '../../platform/per-id-rows.ts';

export type QuizRow = typeof coursewareQuizzes.$inferSelect;
export type QuizSubmissionRow = typeof coursewareQuizSubmissions.$inferSelect;

const isStudent = sql`${courseMembers.roles} @> array['student']::text[]`;

export function coursewareQuizzesRepository(db: Database) {
  return {
    /** A video's quizzes in playing order; `publishedOnly` for callers who answer them. */
    async listForActivity(activityId: number, publishedOnly: boolean, tx: Executor = db): Promise<QuizRow[]> {
      return tx
        .select()
        .from(coursewareQuizzes)
        .where(
          and(
            eq(coursewareQuizzes.activityId, activityId),
            publishedOnly ? eq(coursewareQuizzes.published, true) : undefined,
          ),
        )
        .orderBy(asc(coursewareQuizzes.position), asc(coursewareQuizzes.sort), asc(coursewareQuizzes.id));
    },

    async findById(id: number, tx: Executor = db): Promise<QuizRow | undefined> {
      const [row] = await tx.select().from(coursewareQuizzes).where(eq(coursewareQuizzes.id, id));
      return row;
    },

    async countForActivity(activityId: number, tx: Executor = db): Promise<number> {
      const [row] = await tx
        .select({ n: count() })
        .from(coursewareQuizzes)
        .where(eq(coursewareQuizzes.activityId, activityId));
      return row?.n ?? 0;
    },

    async insert(
      values: {
        activityId: number;
        title: string;
        position: number;
        published: boolean;
        sort: number;
        createdBy: number;
      },
      tx: Executor = db,
    ): Promise<QuizRow> {
      const [row] = await tx.insert(coursewareQuizzes).values(values).returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },

    async update(
      id: number,
      values: { title?: string; position?: number; published?: boolean | undefined },
      tx: Executor = db,
    ): Promise<QuizRow | undefined> {
      const [row] = await tx
        .update(coursewareQuizzes)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(coursewareQuizzes.id, id))
        .returning();
      return row;
    },

    async delete(id: number, tx: Executor = db): Promise<void> {
      await tx.delete(coursewareQuizzes).where(eq(coursewareQuizzes.id, id));
    },

    /** Top-level questions per quiz, not in a recycle bin. */
    async subjectCounts(ids: readonly number[], tx: Executor = db): Promise<Map<number, number>> {
      if (ids.length === 0) return new Map();
      const rows = await tx
        .select({ id: subjects.videoQuizId, n: count() })
        .from(subjects)
        .where(and(inArray(subjects.videoQuizId, [...ids]), isNull(subjects.parentId), subjectNotDeleted))
        .groupBy(subjects.videoQuizId);
      return new Map(rows.map((r) => [r.id ?? 0, Number(r.n)]));
    },

    submissionCounts(ids: readonly number[], tx: Executor = db): Promise<Map<number, number>> {
      return countPerId(tx, coursewareQuizSubmissions, coursewareQuizSubmissions.quizId, ids);
    },

    submittedIds(ids: readonly number[], userId: number, tx: Executor = db): Promise<Set<number>> {
      return idsWithUserRow(
        tx,
        coursewareQuizSubmissions,
        coursewareQuizSubmissions.quizId,
        coursewareQuizSubmissions.userId,
        ids,
        userId,
      );
    },

    async findSubmission(
      quizId: number,
      userId: number,
      tx: Executor = db,
    ): Promise<QuizSubmissionRow | undefined> {
      const [row] = await tx
        .select()
        .from(coursewareQuizSubmissions)
        .where(
          and(eq(coursewareQuizSubmissions.quizId, quizId), eq(coursewareQuizSubmissions.userId, userId)),
        );
      return row;
    },

    /**
     * Stores a first submission. A resent one changes nothing: the row already there is returned, so a
     * double click or a retried request hands in once.
     */
    async insertSubmissionOnce(
      values: {
        quizId: number;
        userId: number;
        answers: CoursewareQuizAnswer[];
        scores: SubjectScore[];
        score: number;
      },
      tx: Executor,
    ): Promise<QuizSubmissionRow> {
      const [inserted] = await tx
        .insert(coursewareQuizSubmissions)
        .values(values)
        .onConflictDoNothing()
        .returning();
      if (inserted) return inserted;
      const existing = await this.findSubmission(values.quizId, values.userId, tx);
      if (!existing) throw new Error('submission vanished');
      return existing;
    },

    async hasSubmissions(quizId: number, tx: Executor = db): Promise<boolean> {
      const [row] = await tx
        .select({ n: count() })
        .from(coursewareQuizSubmissions)
        .where(eq(coursewareQuizSubmissions.quizId, quizId));
      return (row?.n ?? 0) > 0;
    },

    async allSubmissions(quizId: number, tx: Executor = db): Promise<QuizSubmissionRow[]> {
      return tx.select().from(coursewareQuizSubmissions).where(eq(coursewareQuizSubmissions.quizId, quizId));
    },

    async studentCount(courseId: number, tx: Executor = db): Promise<number> {
      const [row] = await tx
        .select({ n: count() })
        .from(courseMembers)
        .where(and(eq(courseMembers.courseId, courseId), isStudent));
      return row?.n ?? 0;
    },

    /** Serialises quiz creation per video, so the per-video limit holds under concurrent adds. */
    async lockVideo(activityId: number, tx: Executor): Promise<void> {
      await tx.execute(sql`select id from ${activities} where ${activities.id} = ${activityId} for update`);
    },

    /** Serialises question copies into a quiz against first submissions and deletion. */
    async lock(quizId: number, tx: Executor): Promise<void> {
      await tx.execute(
        sql`select id from ${coursewareQuizzes} where ${coursewareQuizzes.id} = ${quizId} for update`,
      );
    },
  };
}
