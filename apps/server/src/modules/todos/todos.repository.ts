import { and, eq, gte, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { activities, activityNotDeleted } from '../../db/schema/activities.ts';
import { courseMembers, courseNotDeleted, courses } from '../../db/schema/courses.ts';
import { homeworkSubmitters } from '../../db/schema/homework.ts';
import type { Database, Executor } from '../../platform/database.ts';

export type OpenActivityRow = {
  id: number;
  type: string;
  title: string;
  data: Record<string, unknown>;
  startTime: Date | null;
  endTime: Date | null;
  courseId: number;
  courseName: string;
};

export type SubmitterRow = {
  activityId: number;
  userId: number | null;
  groupId: number | null;
  status: number;
  lastVersion: number;
  makeUpEndTime: Date | null;
};

const TODO_ACTIVITY_TYPES = ['homework', 'exam', 'classroom_exam'];

export function todosRepository(db: Database) {
  return {
    /**
     * Published homework and exams that have started, in every course where the user is a student, in one
     * query. Exams must still be open; homework past its deadline stays only where some make-up window is
     * open (whose window it is, the service decides).
     */
    async openActivities(userId: number, now: Date, tx: Executor = db): Promise<OpenActivityRow[]> {
      const makeUpOpen = sql`exists (select 1 from ${homeworkSubmitters}
        where ${homeworkSubmitters.activityId} = ${activities.id}
          and ${homeworkSubmitters.makeUpEndTime} >= ${now})`;
      return tx
        .select({
          id: activities.id,
          type: activities.type,
          title: activities.title,
          data: activities.data,
          startTime: activities.startTime,
          endTime: activities.endTime,
          courseId: courses.id,
          courseName: courses.name,
        })
        .from(courseMembers)
        .innerJoin(courses, eq(courses.id, courseMembers.courseId))
        .innerJoin(activities, eq(activities.courseId, courseMembers.courseId))
        .where(
          and(
            eq(courseMembers.userId, userId),
            sql`'student' = any(${courseMembers.roles})`,
            courseNotDeleted,
            activityNotDeleted,
            eq(activities.published, true),
            inArray(activities.type, TODO_ACTIVITY_TYPES),
            or(isNull(activities.startTime), lte(activities.startTime, now)),
            or(
              isNull(activities.endTime),
              gte(activities.endTime, now),
              and(eq(activities.type, 'homework'), makeUpOpen),
            ),
          ),
        );
    },

    /** The user's own and their groups' standing on these homework. */
    async submitters(
      activityIds: readonly number[],
      userId: number,
      groupIds: readonly number[],
      tx: Executor = db,
    ): Promise<SubmitterRow[]> {
      if (activityIds.length === 0) return [];
      const who =
        groupIds.length > 0
          ? or(eq(homeworkSubmitters.userId, userId), inArray(homeworkSubmitters.groupId, [...groupIds]))
          : eq(homeworkSubmitters.userId, userId);
      return tx
        .select({
          activityId: homeworkSubmitters.activityId,
          userId: homeworkSubmitters.userId,
          groupId: homeworkSubmitters.groupId,
          status: homeworkSubmitters.status,
          lastVersion: homeworkSubmitters.lastVersion,
          makeUpEndTime: homeworkSubmitters.makeUpEndTime,
        })
        .from(homeworkSubmitters)
        .where(and(inArray(homeworkSubmitters.activityId, [...activityIds]), who));
    },
  };
}
