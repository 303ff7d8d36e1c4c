import { and, asc, desc, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import { GRADE_ITEM_TYPES } from '@lectern/contracts/gradebook/gradebook.schemas';
import { activities, activityNotDeleted } from '../../db/schema/activities.ts';
import { courseMembers, courses, groupMembers } from '../../db/schema/courses.ts';
import { examSubmissions } from '../../db/schema/exam-submissions.ts';
import { gradeItemWeights } from '../../db/schema/gradebook.ts';
import { homeworkSubmissions } from '../../db/schema/homework.ts';
import { users } from '../../db/schema/identity.ts';
import type { Database, Executor } from '../../platform/database.ts';
import { examineeRoleFilter } from '../exams/exam-taking.repository.ts';

export type GradeActivityRow = {
  id: number;
  type: string;
  title: string;
  data: Record<string, unknown>;
  published: boolean;
  endTime: Date | null;
};

export type ExamFinalRow = {
  activityId: number;
  examineeId: number;
  groupId: number | null;
  score: number | null;
  markStatus: 'marked' | 'unmarked';
};

export type HomeworkMarkRow = {
  activityId: number;
  userId: number | null;
  groupId: number | null;
  score: number | null;
};

export type StudentRow = { id: number; userNo: string; name: string };

export function gradebookRepository(db: Database) {
  return {
    async courseName(courseId: number, tx: Executor = db): Promise<string> {
      const [row] = await tx.select({ name: courses.name }).from(courses).where(eq(courses.id, courseId));
      return row?.name ?? '';
    },

    /** The course's students (those exams and homework are for), by user number; or just one of them. */
    async students(courseId: number, onlyUserId: number | null, tx: Executor = db): Promise<StudentRow[]> {
      return tx
        .select({ id: users.id, userNo: users.userNo, name: users.name })
        .from(courseMembers)
        .innerJoin(users, eq(users.id, courseMembers.userId))
        .where(
          and(
            eq(courseMembers.courseId, courseId),
            examineeRoleFilter,
            onlyUserId === null ? undefined : eq(courseMembers.userId, onlyUserId),
          ),
        )
        .orderBy(asc(users.userNo), asc(users.id));
    },

    /** The course's gradable activities in outline order. */
    async items(courseId: number, tx: Executor = db): Promise<GradeActivityRow[]> {
      return tx
        .select({
          id: activities.id,
          type: activities.type,
          title: activities.title,
          data: activities.data,
          published: activities.published,
          endTime: activities.endTime,
        })
        .from(activities)
        .where(
          and(
            eq(activities.courseId, courseId),
            activityNotDeleted,
            inArray(activities.type, [...GRADE_ITEM_TYPES]),
          ),
        )
        .orderBy(asc(activities.sort), asc(activities.id));
    },

    /** One gradable activity of the course; null when it is not one. */
    async item(courseId: number, activityId: number, tx: Executor = db): Promise<GradeActivityRow | null> {
      const [row] = await tx
        .select({
          id: activities.id,
          type: activities.type,
          title: activities.title,
          data: activities.data,
          published: activities.published,
          endTime: activities.endTime,
        })
        .from(activities)
        .where(
          and(
            eq(activities.id, activityId),
            eq(activities.courseId, courseId),
            activityNotDeleted,
            inArray(activities.type, [...GRADE_ITEM_TYPES]),
          ),
        );
      return row ?? null;
    },

    async weights(courseId: number, tx: Executor = db): Promise<Map<number, number>> {
      const rows = await tx
        .select({ activityId: gradeItemWeights.activityId, weight: gradeItemWeights.weight })
        .from(gradeItemWeights)
        .where(eq(gradeItemWeights.courseId, courseId));
      return new Map(rows.map((r) => [r.activityId, r.weight]));
    },

    async setWeight(
      values: { activityId: number; courseId: number; weight: number; updatedBy: number },
      tx: Executor = db,
    ): Promise<void> {
      await tx
        .insert(gradeItemWeights)
        .values(values)
        .onConflictDoUpdate({
          target: gradeItemWeights.activityId,
          set: { weight: values.weight, updatedBy: values.updatedBy, updatedAt: sql`now()` },
        });
    },

    /** Final exam hand-ins in the order they came in (the score rule reads attempts in that order). */
    async examFinals(
      examIds: readonly number[],
      onlyFor: { userId: number; groupIds: readonly number[] } | null,
      tx: Executor = db,
    ): Promise<ExamFinalRow[]> {
      if (examIds.length === 0) return [];
      const who = onlyFor
        ? onlyFor.groupIds.length > 0
          ? or(
              eq(examSubmissions.examineeId, onlyFor.userId),
              inArray(examSubmissions.groupId, [...onlyFor.groupIds]),
            )
          : eq(examSubmissions.examineeId, onlyFor.userId)
        : undefined;
      return tx
        .select({
          activityId: examSubmissions.activityId,
          examineeId: examSubmissions.examineeId,
          groupId: examSubmissions.groupId,
          score: examSubmissions.score,
          markStatus: examSubmissions.markStatus,
        })
        .from(examSubmissions)
        .where(
          and(
            inArray(examSubmissions.activityId, [...examIds]),
            eq(examSubmissions.status, 'submitted'),
            who,
          ),
        )
        .orderBy(asc(examSubmissions.submittedAt), asc(examSubmissions.id));
    },

    /**
     * Each submitter's latest marked hand-in per homework (final score when given, else the score), one
     * row per student or group, picked by the database.
     */
    async homeworkMarks(
      homeworkIds: readonly number[],
      onlyFor: { userId: number; groupIds: readonly number[] } | null,
      tx: Executor = db,
    ): Promise<HomeworkMarkRow[]> {
      if (homeworkIds.length === 0) return [];
      const s = homeworkSubmissions;
      const who = onlyFor
        ? onlyFor.groupIds.length > 0
          ? or(eq(s.userId, onlyFor.userId), inArray(s.groupId, [...onlyFor.groupIds]))
          : eq(s.userId, onlyFor.userId)
        : undefined;
      return tx
        .selectDistinctOn([s.activityId, s.userId, s.groupId], {
          activityId: s.activityId,
          userId: s.userId,
          groupId: s.groupId,
          score: sql<number | null>`coalesce(${s.finalScore}, ${s.score})`.mapWith(Number),
        })
        .from(s)
        .where(
          and(
            inArray(s.activityId, [...homeworkIds]),
            eq(s.isDraft, false),
            or(isNotNull(s.finalScore), isNotNull(s.score)),
            who,
          ),
        )
        .orderBy(s.activityId, s.userId, s.groupId, desc(s.version));
    },

    /** Group memberships in these group sets (everyone's, or one user's). */
    async memberships(
      groupSetIds: readonly number[],
      userId: number | null,
      tx: Executor = db,
    ): Promise<{ groupSetId: number; groupId: number; userId: number }[]> {
      if (groupSetIds.length === 0) return [];
      return tx
        .select({
          groupSetId: groupMembers.groupSetId,
          groupId: groupMembers.groupId,
          userId: groupMembers.userId,
        })
        .from(groupMembers)
        .where(
          and(
            inArray(groupMembers.groupSetId, [...groupSetIds]),
            userId === null ? undefined : eq(groupMembers.userId, userId),
          ),
        );
    },
  };
}
