import { and, asc, count, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { subjectPoints, type SubjectType } from '@lectern/contracts/exams/subject.schemas';
import { activities, activityNotDeleted } from '../../db/schema/activities.ts';
import { courseMembers, courseModules } from '../../db/schema/courses.ts';
import { classroomAnswers, examPaperInstances } from '../../db/schema/exam-submissions.ts';
import { examMakeupUsers, subjectNotDeleted, subjects } from '../../db/schema/exams.ts';
import { users } from '../../db/schema/identity.ts';
import type { Database, Executor } from '../../platform/database.ts';
import { nextPaperVersion } from './paper-version.ts';
import type { SubjectOwner } from './subjects.repository.ts';

export type PaperKey = { activityId: number; isMakeup: boolean };

export type CourseSubjectFilter = {
  courseId: number;
  keyword?: string | undefined;
  type?: SubjectType | undefined;
  difficultyLevel?: number | undefined;
  limit: number;
  offset: number;
};

export type CourseSubjectRow = {
  id: number;
  type: SubjectType;
  description: string;
  difficultyLevel: number;
  point: number;
  activityTitle: string;
  moduleName: string | null;
  published: boolean;
};

const EXAM_ACTIVITY_TYPES = ['exam', 'classroom_exam'];

function likePattern(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The owner's questions not in a recycle bin (decision 0015). */
function ownerWhere(owner: SubjectOwner): SQL {
  const own =
    'libId' in owner
      ? eq(subjects.libId, owner.libId)
      : 'videoQuizId' in owner
        ? eq(subjects.videoQuizId, owner.videoQuizId)
        : sql`${subjects.activityId} = ${owner.activityId} and ${subjects.isMakeup} = ${owner.isMakeup}`;
  return and(own, subjectNotDeleted) as SQL;
}

/** What exam authoring needs beyond the question trees: points, locks, counts, make-up lists. */
export function examsRepository(db: Database) {
  return {
    /**
     * Takes the exam's row lock for the rest of the transaction, so two authors saving questions at once
     * are checked against the points limit one after the other instead of both passing it. Every paper
     * write takes it, so it also moves the exam's paper version on (`paperVersionSql`), which tells every
     * process that its cached paper is stale.
     */
    async lockActivity(activityId: number, tx: Executor): Promise<void> {
      await tx
        .select({ id: activities.id })
        .from(activities)
        .where(eq(activities.id, activityId))
        .for('update');
      await tx.update(activities).set({ updatedAt: nextPaperVersion }).where(eq(activities.id, activityId));
    },

    /** Points the owner's questions use (stems count their sub-questions), optionally leaving one out. */
    async usedPoints(owner: SubjectOwner, exceptId: number | null, tx: Executor = db): Promise<number> {
      const rows = await tx
        .select({ id: subjects.id, parentId: subjects.parentId, type: subjects.type, point: subjects.point })
        .from(subjects)
        .where(ownerWhere(owner));
      const subsOf = new Map<number, { point: number }[]>();
      for (const row of rows) {
        if (row.parentId === null) continue;
        const list = subsOf.get(row.parentId);
        if (list) list.push(row);
        else subsOf.set(row.parentId, [row]);
      }
      let total = 0;
      for (const row of rows) {
        if (row.parentId !== null || row.id === exceptId) continue;
        total += subjectPoints({
          type: row.type as SubjectType,
          point: row.point,
          sub_subjects: subsOf.get(row.id) ?? [],
        });
      }
      return Math.round(total * 10) / 10;
    },

    /** Whether any student has been handed this paper (its question and option ids are then fixed). */
    async paperStarted(paper: PaperKey, tx: Executor = db): Promise<boolean> {
      const [row] = await tx
        .select({ id: examPaperInstances.id })
        .from(examPaperInstances)
        .where(
          and(
            eq(examPaperInstances.activityId, paper.activityId),
            eq(examPaperInstances.isMakeup, paper.isMakeup),
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    /** Of these classroom questions (and their sub-questions), whether any has a student's answer. */
    async anyClassroomAnswer(subjectIds: readonly number[], tx: Executor = db): Promise<boolean> {
      if (subjectIds.length === 0) return false;
      const [row] = await tx
        .select({ id: classroomAnswers.id })
        .from(classroomAnswers)
        .innerJoin(subjects, eq(subjects.id, classroomAnswers.subjectId))
        .where(or(inArray(subjects.id, [...subjectIds]), inArray(subjects.parentId, [...subjectIds])))
        .limit(1);
      return row !== undefined;
    },

    /** Top-level question ids of an owner, in paper order. */
    async topLevelIds(owner: SubjectOwner, tx: Executor = db): Promise<number[]> {
      const rows = await tx
        .select({ id: subjects.id })
        .from(subjects)
        .where(and(ownerWhere(owner), isNull(subjects.parentId)))
        .orderBy(asc(subjects.sort), asc(subjects.id));
      return rows.map((r) => r.id);
    },

    /** Top-level question counts of these activities' papers (main or make-up), by activity. */
    async subjectCounts(
      activityIds: readonly number[],
      isMakeup: boolean,
      tx: Executor = db,
    ): Promise<Map<number, number>> {
      if (activityIds.length === 0) return new Map();
      const rows = await tx
        .select({ activityId: subjects.activityId, n: count() })
        .from(subjects)
        .where(
          and(
            inArray(subjects.activityId, [...activityIds]),
            eq(subjects.isMakeup, isMakeup),
            isNull(subjects.parentId),
            subjectNotDeleted,
          ),
        )
        .groupBy(subjects.activityId);
      return new Map(rows.map((r) => [r.activityId ?? 0, r.n]));
    },

    async makeupUsers(activityId: number, tx: Executor = db) {
      return tx
        .select({ id: users.id, name: users.name, userNo: users.userNo })
        .from(examMakeupUsers)
        .innerJoin(users, eq(users.id, examMakeupUsers.userId))
        .where(eq(examMakeupUsers.activityId, activityId))
        .orderBy(asc(users.userNo), asc(users.id));
    },

    async replaceMakeupUsers(activityId: number, userIds: readonly number[], tx: Executor): Promise<void> {
      await tx.delete(examMakeupUsers).where(eq(examMakeupUsers.activityId, activityId));
      if (userIds.length > 0) {
        await tx.insert(examMakeupUsers).values(userIds.map((userId) => ({ activityId, userId })));
      }
    },

    /** Of these users, those who are students of the course. */
    async studentsAmong(
      courseId: number,
      userIds: readonly number[],
      tx: Executor = db,
    ): Promise<Set<number>> {
      if (userIds.length === 0) return new Set();
      const rows = await tx
        .select({ userId: courseMembers.userId })
        .from(courseMembers)
        .where(
          and(
            eq(courseMembers.courseId, courseId),
            inArray(courseMembers.userId, [...userIds]),
            sql`'student' = any(${courseMembers.roles})`,
          ),
        );
      return new Set(rows.map((r) => r.userId));
    },

    /**
     * One page of the top-level questions of a course's exams and classroom exams (both papers), newest
     * exam first, in paper order within an exam; and how many there are in all.
     */
    async courseSubjects(
      filter: CourseSubjectFilter,
      tx: Executor = db,
    ): Promise<{ rows: CourseSubjectRow[]; total: number }> {
      const conditions: SQL[] = [
        eq(activities.courseId, filter.courseId),
        activityNotDeleted,
        inArray(activities.type, EXAM_ACTIVITY_TYPES),
        isNull(subjects.parentId),
        subjectNotDeleted,
      ];
      if (filter.keyword) conditions.push(ilike(subjects.description, likePattern(filter.keyword)));
      if (filter.type) conditions.push(eq(subjects.type, filter.type));
      if (filter.difficultyLevel !== undefined) {
        conditions.push(eq(subjects.difficultyLevel, filter.difficultyLevel));
      }
      const where = and(...conditions);
      const [totalRow] = await tx
        .select({ n: count() })
        .from(subjects)
        .innerJoin(activities, eq(activities.id, subjects.activityId))
        .where(where);
      const page = await tx
        .select({
          id: subjects.id,
          type: subjects.type,
          description: subjects.description,
          difficultyLevel: subjects.difficultyLevel,
          point: subjects.point,
          activityTitle: activities.title,
          moduleName: courseModules.name,
          published: activities.published,
        })
        .from(subjects)
        .innerJoin(activities, eq(activities.id, subjects.activityId))
        .leftJoin(courseModules, eq(courseModules.id, activities.moduleId))
        .where(where)
        .orderBy(sql`${activities.id} desc`, asc(subjects.isMakeup), asc(subjects.sort), asc(subjects.id))
        .limit(filter.limit)
        .offset(filter.offset);
      // Stems count as the sum of their sub-questions, as on the paper.
      const stemIds = page.filter((r) => r.type === 'analysis' || r.type === 'cloze').map((r) => r.id);
      const sums =
        stemIds.length === 0
          ? []
          : await tx
              .select({
                parentId: subjects.parentId,
                point: sql<number>`sum(${subjects.point})`.mapWith(Number),
              })
              .from(subjects)
              .where(inArray(subjects.parentId, stemIds))
              .groupBy(subjects.parentId);
      const sumOf = new Map(sums.map((s) => [s.parentId ?? 0, s.point]));
      return {
        rows: page.map((r) => {
          const subSum = sumOf.get(r.id);
          return {
            ...r,
            type: r.type as SubjectType,
            point: subjectPoints({
              type: r.type as SubjectType,
              point: r.point,
              sub_subjects: subSum === undefined ? [] : [{ point: subSum }],
            }),
          };
        }),
        total: totalRow?.n ?? 0,
      };
    },
  };
}

export type ExamsRepository = ReturnType<typeof examsRepository>;
