import { and, asc, desc, eq, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import { GRADE_ITEM_TYPES } from '@lectern/contracts/gradebook/gradebook.schemas';
import { ACTIVITY_PARENT } from '@lectern/contracts/uploads/upload.schemas';
import { activities, activityNotDeleted } from '../../db/schema/activities.ts';
import { activitySubCourses, courseSubCourses } from '../../db/schema/course-combining.ts';
import { courseMembers, courses, groupMembers } from '../../db/schema/courses.ts';
import { examSubmissions } from '../../db/schema/exam-submissions.ts';
import { gradeItemWeights } from '../../db/schema/gradebook.ts';
import { h5LearnerStates, h5Packages } from '../../db/schema/h5-courseware.ts';
import { homeworkSubmissions } from '../../db/schema/homework.ts';
import { users } from '../../db/schema/identity.ts';
import { uploadReferences } from '../../db/schema/uploads.ts';
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

export type ScormScoreRow = { activityId: number; userId: number; score: number };

/** Uploads attached to the activity (upload_references) that unpacked as SCORM packages. */
const scormAttached = (activityId: typeof activities.id) =>
  sql`exists (
    select 1 from ${uploadReferences}
    join ${h5Packages} on ${h5Packages.uploadId} = ${uploadReferences.uploadId}
    where ${uploadReferences.parentType} = ${ACTIVITY_PARENT}
      and ${uploadReferences.parentId} = ${activityId}
      and ${h5Packages.kind} in ('scorm_12', 'scorm_2004'))`;

/** Gradable: exams and homework always, H5 courseware once a SCORM package is attached. */
const gradable = and(
  inArray(activities.type, [...GRADE_ITEM_TYPES]),
  or(sql`${activities.type} <> 'h5_courseware'`, scormAttached(activities.id)),
);

/**
 * How a combined course's gradebook is read: its students include those of its sub-courses (the access
 * statement's rule, course-access.ts), and `subCourseId` narrows it to one sub-course.
 */
export type CombinedScope = { subCourseId: number | null };

/**
 * Students of the sub-courses (not in the recycle bin) of a combined course who hold no role of their
 * own in it: such a member is what their own row says (course-access.ts).
 */
function subCourseStudents(parentCourseId: number, subCourseId: number | null): SQL {
  return sql`select m.user_id from ${courseSubCourses} s
    join ${courses} sc on sc.id = s.sub_course_id and sc.recycle_bin_item_id is null
    join ${courseMembers} m on m.course_id = s.sub_course_id
    where s.parent_course_id = ${parentCourseId}
      ${subCourseId === null ? sql`` : sql`and s.sub_course_id = ${subCourseId}`}
      and 'student' = any(m.roles)
      and not exists (select 1 from ${courseMembers} d where d.course_id = s.parent_course_id and d.user_id = m.user_id)`;
}

export function gradebookRepository(db: Database) {
  return {
    async courseName(courseId: number, tx: Executor = db): Promise<string> {
      const [row] = await tx.select({ name: courses.name }).from(courses).where(eq(courses.id, courseId));
      return row?.name ?? '';
    },

    /** The course's students (those exams and homework are for), by user number; or just one of them. */
    async students(
      courseId: number,
      onlyUserId: number | null,
      combined: CombinedScope | null = null,
      tx: Executor = db,
    ): Promise<StudentRow[]> {
      if (combined) {
        // The combined course's own students count only when no sub-course is chosen.
        const own = sql`select ${courseMembers.userId} from ${courseMembers}
          where ${courseMembers.courseId} = ${courseId} and ${examineeRoleFilter}`;
        const ids =
          combined.subCourseId === null
            ? sql`${own} union ${subCourseStudents(courseId, null)}`
            : subCourseStudents(courseId, combined.subCourseId);
        return tx
          .select({ id: users.id, userNo: users.userNo, name: users.name })
          .from(users)
          .where(
            and(sql`${users.id} in (${ids})`, onlyUserId === null ? undefined : eq(users.id, onlyUserId)),
          )
          .orderBy(asc(users.userNo), asc(users.id));
      }
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

    /** Whether the course is a sub-course of this combined course. */
    async isSubCourse(parentCourseId: number, subCourseId: number, tx: Executor = db): Promise<boolean> {
      const [row] = await tx
        .select({ id: courseSubCourses.subCourseId })
        .from(courseSubCourses)
        .where(
          and(
            eq(courseSubCourses.parentCourseId, parentCourseId),
            eq(courseSubCourses.subCourseId, subCourseId),
          ),
        );
      return row !== undefined;
    },

    /** The course's gradable activities in outline order. */
    async items(
      courseId: number,
      subCourseId: number | null = null,
      tx: Executor = db,
    ): Promise<GradeActivityRow[]> {
      // Split by sub-course: the items that sub-course's students are assigned.
      const assigned =
        subCourseId === null
          ? undefined
          : sql`not exists (select 1 from ${activitySubCourses} a where a.activity_id = ${activities.id})
               or exists (select 1 from ${activitySubCourses} a where a.activity_id = ${activities.id}
                 and a.sub_course_id = ${subCourseId})`;
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
        .where(and(eq(activities.courseId, courseId), activityNotDeleted, gradable, assigned))
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
          and(eq(activities.id, activityId), eq(activities.courseId, courseId), activityNotDeleted, gradable),
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

    /**
     * Each learner's SCORM score (0–100, decision 0018) per H5 courseware: the best over the packages
     * still attached to the activity.
     */
    async scormScores(
      activityIds: readonly number[],
      onlyUserId: number | null,
      tx: Executor = db,
    ): Promise<ScormScoreRow[]> {
      if (activityIds.length === 0) return [];
      const s = h5LearnerStates;
      return tx
        .select({
          activityId: s.activityId,
          userId: s.userId,
          score: sql<number>`max(${s.scorePercent})`.mapWith(Number),
        })
        .from(s)
        .innerJoin(
          uploadReferences,
          and(
            eq(uploadReferences.uploadId, s.uploadId),
            eq(uploadReferences.parentType, ACTIVITY_PARENT),
            eq(uploadReferences.parentId, s.activityId),
          ),
        )
        .where(
          and(
            inArray(s.activityId, [...activityIds]),
            isNotNull(s.scorePercent),
            onlyUserId === null ? undefined : eq(s.userId, onlyUserId),
          ),
        )
        .groupBy(s.activityId, s.userId);
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
