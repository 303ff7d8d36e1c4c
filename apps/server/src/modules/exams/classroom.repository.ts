import { and, count, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import { courseMembers } from '../../db/schema/courses.ts';
import { classroomAnswers, classroomReleases } from '../../db/schema/exam-submissions.ts';
import type { Database, Executor } from '../../platform/database.ts';
import { examineeRoleFilter } from './exam-taking.repository.ts';

export type ReleaseRow = typeof classroomReleases.$inferSelect;
export type ClassroomAnswerRow = typeof classroomAnswers.$inferSelect;

export function classroomRepository(db: Database) {
  return {
    /** Opens a question for answers and closes whichever other question was open: one at a time. */
    async release(examId: number, subjectId: number, tx: Executor): Promise<void> {
      await tx
        .update(classroomReleases)
        .set({ closedAt: sql`now()` })
        .where(
          and(
            eq(classroomReleases.activityId, examId),
            ne(classroomReleases.subjectId, subjectId),
            isNull(classroomReleases.closedAt),
          ),
        );
      await tx
        .insert(classroomReleases)
        .values({ activityId: examId, subjectId })
        .onConflictDoUpdate({
          target: [classroomReleases.activityId, classroomReleases.subjectId],
          set: { releasedAt: sql`now()`, closedAt: null },
        });
    },

    async close(examId: number, subjectId: number, tx: Executor = db): Promise<boolean> {
      const rows = await tx
        .update(classroomReleases)
        .set({ closedAt: sql`coalesce(${classroomReleases.closedAt}, now())` })
        .where(and(eq(classroomReleases.activityId, examId), eq(classroomReleases.subjectId, subjectId)))
        .returning({ subjectId: classroomReleases.subjectId });
      return rows.length > 0;
    },

    async find(examId: number, subjectId: number, tx: Executor = db): Promise<ReleaseRow | undefined> {
      const [row] = await tx
        .select()
        .from(classroomReleases)
        .where(and(eq(classroomReleases.activityId, examId), eq(classroomReleases.subjectId, subjectId)));
      return row;
    },

    /** Every release, newest first, with how many answered. */
    async releases(examId: number, tx: Executor = db) {
      return tx
        .select({
          subjectId: classroomReleases.subjectId,
          releasedAt: classroomReleases.releasedAt,
          closedAt: classroomReleases.closedAt,
          answerCount: sql<number>`(select count(*)::int from ${classroomAnswers} where ${classroomAnswers.activityId} = ${classroomReleases.activityId} and ${classroomAnswers.subjectId} = ${classroomReleases.subjectId})`,
        })
        .from(classroomReleases)
        .where(eq(classroomReleases.activityId, examId))
        .orderBy(desc(classroomReleases.releasedAt));
    },

    /** One answer per student: a second one replaces the first. */
    async upsertAnswer(
      values: Omit<typeof classroomAnswers.$inferInsert, 'id' | 'submittedAt'>,
      tx: Executor = db,
    ): Promise<ClassroomAnswerRow> {
      const [row] = await tx
        .insert(classroomAnswers)
        .values(values)
        .onConflictDoUpdate({
          target: [classroomAnswers.subjectId, classroomAnswers.userId],
          set: {
            answerOptionIds: values.answerOptionIds,
            answer: values.answer,
            answers: values.answers,
            isCorrect: values.isCorrect,
            score: values.score,
            submittedAt: sql`now()`,
          },
        })
        .returning();
      if (!row) throw new Error('upsert returned no row');
      return row;
    },

    async findAnswer(subjectId: number, userId: number, tx: Executor = db) {
      const [row] = await tx
        .select()
        .from(classroomAnswers)
        .where(and(eq(classroomAnswers.subjectId, subjectId), eq(classroomAnswers.userId, userId)));
      return row;
    },

    /** Answers to one question: how many, how many right, and how often each option was chosen. */
    async counts(examId: number, subjectId: number, tx: Executor = db) {
      const where = and(eq(classroomAnswers.activityId, examId), eq(classroomAnswers.subjectId, subjectId));
      const [[totals], options] = await Promise.all([
        tx
          .select({
            answers: count(),
            correct: sql<number>`count(*) filter (where ${classroomAnswers.isCorrect})::int`,
          })
          .from(classroomAnswers)
          .where(where),
        tx.execute(
          sql`select o.value::int as option_id, count(*)::int as chosen
              from ${classroomAnswers} a cross join lateral jsonb_array_elements_text(a.answer_option_ids) o
              where a.activity_id = ${examId} and a.subject_id = ${subjectId}
              group by 1`,
        ),
      ]);
      // Both drivers answer a raw query with its rows under `rows`.
      const rows = (options as unknown as { rows: { option_id: number; chosen: number }[] }).rows;
      const byOption = new Map(rows.map((r) => [Number(r.option_id), Number(r.chosen)]));
      return { answers: totals?.answers ?? 0, correct: totals?.correct ?? 0, byOption };
    },

    async countStudents(courseId: number, tx: Executor = db): Promise<number> {
      const [row] = await tx
        .select({ value: count() })
        .from(courseMembers)
        .where(and(eq(courseMembers.courseId, courseId), examineeRoleFilter));
      return row?.value ?? 0;
    },
  };
}
