import { and, eq, gte, lt, or, sql, type SQL } from 'drizzle-orm';
import { activities } from '../../db/schema/activities.ts';
import { courseMembers, courses } from '../../db/schema/courses.ts';
import type { Database, Executor } from '../../platform/database.ts';
import {
  memberCourseColumns,
  memberCoursesWhere,
  visibleInScope,
} from '../activities/activity-scope.repository.ts';
import type { ActivityScope, MemberCourseAccessRow } from '../activities/activity-scope.ts';

export type CalendarCourseRow = MemberCourseAccessRow & { name: string };

export type DatedActivityRow = {
  id: number;
  courseId: number;
  type: string;
  title: string;
  published: boolean;
  startTime: Date | null;
  endTime: Date | null;
  /** Homework only, and only while late hand-ins are allowed: the raw `late_submission_end_time`. */
  lateEndTime: string | null;
};

// Homework data is validated on write, but the cast must not fail the whole calendar on one odd row:
// only values shaped like an ISO timestamp are cast.
const lateEndText = sql<string | null>`case
  when ${activities.type} = 'homework'
    and ${activities.data}->>'allow_late_submission' = 'true'
    and ${activities.data}->>'late_submission_end_time' ~ '^\\d{4}-\\d{2}-\\d{2}T'
  then ${activities.data}->>'late_submission_end_time' end`;

function within(
  column: typeof activities.startTime | typeof activities.endTime,
  start: Date,
  end: Date,
): SQL | undefined {
  return and(gte(column, start), lt(column, end));
}

export function calendarRepository(db: Database) {
  return {
    /** Every course of the organisation the user is a member of, with their roles there. */
    async memberCourses(userId: number, orgId: number, tx: Executor = db): Promise<CalendarCourseRow[]> {
      return tx
        .select({
          ...memberCourseColumns,
        })
        .from(courseMembers)
        .innerJoin(courses, eq(courses.id, courseMembers.courseId))
        .where(memberCoursesWhere(userId, orgId));
    },

    /**
     * In one query, the activities of the scope's courses (drafts only where the scope allows) with a start,
     * an end or a late hand-in deadline in [start, end).
     */
    async datedActivities(
      scope: ActivityScope,
      start: Date,
      end: Date,
      tx: Executor = db,
    ): Promise<DatedActivityRow[]> {
      if (scope.courseIds.length === 0) return [];
      const lateEndWithin = sql`(${lateEndText})::timestamptz >= ${start.toISOString()}::timestamptz
        and (${lateEndText})::timestamptz < ${end.toISOString()}::timestamptz`;
      return tx
        .select({
          id: activities.id,
          courseId: activities.courseId,
          type: activities.type,
          title: activities.title,
          published: activities.published,
          startTime: activities.startTime,
          endTime: activities.endTime,
          lateEndTime: lateEndText,
        })
        .from(activities)
        .where(
          and(
            visibleInScope(scope),
            or(
              within(activities.startTime, start, end),
              within(activities.endTime, start, end),
              lateEndWithin,
            ),
          ),
        );
    },
  };
}
