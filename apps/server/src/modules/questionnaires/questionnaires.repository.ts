import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import { activities, activityNotDeleted } from '../../db/schema/activities.ts';
import { courseMembers } from '../../db/schema/courses.ts';
import { subjectNotDeleted, subjects } from '../../db/schema/exams.ts';
import { users } from '../../db/schema/identity.ts';
import { questionnaireSubmissions } from '../../db/schema/questionnaires.ts';
import type { QuestionnaireAnswer } from '@lectern/contracts/questionnaires/questionnaires.schemas';
import type { Database, Executor } from '../../platform/database.ts';
import type { ActivityRow } from '../activities/activities.repository.ts';
import { countPerId, idsWithUserRow } from '../../platform/per-id-rows.ts';

export type SubmissionRow = typeof questionnaireSubmissions.$inferSelect;
export type NamedSubmissionRow = SubmissionRow & { userNo: string; name: string };

const isStudent = sql`${courseMembers.roles} @> array['student']::text[]`;

export function questionnairesRepository(db: Database) {
  return {
    /** The course's questionnaires not in the recycle bin, in outline order. */
    async listForCourse(courseId: number, tx: Executor = db): Promise<ActivityRow[]> {
      return tx
        .select()
        .from(activities)
        .where(
          and(eq(activities.courseId, courseId), eq(activities.type, 'questionnaire'), activityNotDeleted),
        )
        .orderBy(asc(activities.sort), asc(activities.id));
    },

    /** Top-level questions per questionnaire. */
    async subjectCounts(ids: readonly number[], tx: Executor = db): Promise<Map<number, number>> {
      if (ids.length === 0) return new Map();
      const rows = await tx
        .select({ id: subjects.activityId, n: count() })
        .from(subjects)
        .where(and(inArray(subjects.activityId, [...ids]), isNull(subjects.parentId), subjectNotDeleted))
        .groupBy(subjects.activityId);
      return new Map(rows.map((r) => [r.id ?? 0, Number(r.n)]));
    },

    submissionCounts(ids: readonly number[], tx: Executor = db): Promise<Map<number, number>> {
      return countPerId(tx, questionnaireSubmissions, questionnaireSubmissions.activityId, ids);
    },

    submittedIds(ids: readonly number[], userId: number, tx: Executor = db): Promise<Set<number>> {
      return idsWithUserRow(
        tx,
        questionnaireSubmissions,
        questionnaireSubmissions.activityId,
        questionnaireSubmissions.userId,
        ids,
        userId,
      );
    },

    async find(activityId: number, userId: number, tx: Executor = db): Promise<SubmissionRow | undefined> {
      const [row] = await tx
        .select()
        .from(questionnaireSubmissions)
        .where(
          and(
            eq(questionnaireSubmissions.activityId, activityId),
            eq(questionnaireSubmissions.userId, userId),
          ),
        );
      return row;
    },

    /** Stores the student's answers, replacing earlier ones; the first submission time stays. */
    async upsert(
      activityId: number,
      userId: number,
      answers: QuestionnaireAnswer[],
      tx: Executor = db,
    ): Promise<SubmissionRow> {
      const [row] = await tx
        .insert(questionnaireSubmissions)
        .values({ activityId, userId, answers })
        .onConflictDoUpdate({
          target: [questionnaireSubmissions.activityId, questionnaireSubmissions.userId],
          set: { answers, updatedAt: sql`now()` },
        })
        .returning();
      if (!row) throw new Error('upsert returned no row');
      return row;
    },

    async hasSubmissions(activityId: number, tx: Executor = db): Promise<boolean> {
      const [row] = await tx
        .select({ n: count() })
        .from(questionnaireSubmissions)
        .where(eq(questionnaireSubmissions.activityId, activityId));
      return (row?.n ?? 0) > 0;
    },

    /** Every submission with its respondent, oldest first. */
    async all(activityId: number, tx: Executor = db): Promise<NamedSubmissionRow[]> {
      return tx
        .select({
          activityId: questionnaireSubmissions.activityId,
          userId: questionnaireSubmissions.userId,
          answers: questionnaireSubmissions.answers,
          submittedAt: questionnaireSubmissions.submittedAt,
          updatedAt: questionnaireSubmissions.updatedAt,
          userNo: users.userNo,
          name: users.name,
        })
        .from(questionnaireSubmissions)
        .innerJoin(users, eq(users.id, questionnaireSubmissions.userId))
        .where(eq(questionnaireSubmissions.activityId, activityId))
        .orderBy(asc(questionnaireSubmissions.submittedAt), asc(questionnaireSubmissions.userId));
    },

    async studentCount(courseId: number, tx: Executor = db): Promise<number> {
      const [row] = await tx
        .select({ n: count() })
        .from(courseMembers)
        .where(and(eq(courseMembers.courseId, courseId), isStudent));
      return row?.n ?? 0;
    },

    /** Serialises copies into one questionnaire against each other and against first submissions. */
    async lock(activityId: number, tx: Executor): Promise<void> {
      await tx.execute(sql`select id from ${activities} where ${activities.id} = ${activityId} for update`);
    },
  };
}
