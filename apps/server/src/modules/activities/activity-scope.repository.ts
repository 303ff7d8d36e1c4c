import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { COMBINED_COURSE_TYPE } from '@lectern/contracts/course-combining/course-combining.rules';
import { activities, activityNotDeleted } from '../../db/schema/activities.ts';
import { activitySubCourses } from '../../db/schema/course-combining.ts';
import { courseMembers, courseNotDeleted, courses } from '../../db/schema/courses.ts';
import type { Executor } from '../../platform/database.ts';
import { subCourseStudentIds } from '../courses/course-access.ts';
import type { ActivityScope } from './activity-scope.ts';

/**
 * The columns of a `MemberCourseAccessRow` plus the course's shown name, for a select over
 * `courseMembers` joined to `courses`: what `activityScopeOf` needs, read the same way by every
 * cross-course read (calendar, search).
 */
export const memberCourseColumns = {
  courseId: courses.id,
  orgId: courses.orgId,
  createdBy: courses.createdBy,
  courseType: courses.courseType,
  roles: courseMembers.roles,
  subCourseIds: subCourseStudentIds(courses, courseMembers.userId),
  name: sql<string>`coalesce(${courses.displayName}, ${courses.name})`,
};

/** The member's courses of an organisation, as every cross-course read selects them: deleted ones are not. */
export function memberCoursesWhere(userId: number, orgId: number): SQL | undefined {
  return and(eq(courseMembers.userId, userId), eq(courses.orgId, orgId), courseNotDeleted);
}

/**
 * Activities of the scope's courses: published ones, and drafts only where the scope allows; one assigned
 * to some sub-courses of a combined course only for their students (and where drafts show, the team).
 */
export function visibleInScope(scope: ActivityScope): SQL | undefined {
  const assignedAt = (viewer?: readonly number[]) =>
    sql`exists (select 1 from ${activitySubCourses} where ${activitySubCourses.activityId} = ${activities.id}${
      viewer ? sql` and ${activitySubCourses.subCourseId} = any(${sql.param(viewer)}::int[])` : sql``
    })`;
  return and(
    activityNotDeleted,
    inArray(activities.courseId, scope.courseIds),
    scope.draftCourseIds.length > 0
      ? or(eq(activities.published, true), inArray(activities.courseId, scope.draftCourseIds))
      : eq(activities.published, true),
    scope.combinedCourseIds.length > 0
      ? or(
          sql`not (${activities.courseId} = any(${sql.param(scope.combinedCourseIds)}::int[]))`,
          scope.draftCourseIds.length > 0 ? inArray(activities.courseId, scope.draftCourseIds) : undefined,
          sql`not ${assignedAt()}`,
          scope.subCourseIds.length > 0 ? assignedAt(scope.subCourseIds) : undefined,
        )
      : undefined,
  );
}

/** The sub-courses an activity of a combined course is assigned to (null elsewhere), for a select. */
export function assignedSubCourses(activityId: AnyPgColumn, courseType: AnyPgColumn): SQL<number[] | null> {
  return sql<number[] | null>`case when ${courseType} = ${sql.raw(String(COMBINED_COURSE_TYPE))} then (
    select array_agg(a.sub_course_id order by a.sub_course_id) from activity_sub_courses a
    where a.activity_id = ${activityId}
  ) end`;
}

/** The sub-courses each of these activities is assigned to; activities for everyone are absent. */
export async function assignedSubCoursesOf(
  tx: Executor,
  activityIds: readonly number[],
): Promise<Map<number, number[]>> {
  const assigned = new Map<number, number[]>();
  if (activityIds.length === 0) return assigned;
  const rows = await tx
    .select()
    .from(activitySubCourses)
    .where(inArray(activitySubCourses.activityId, [...activityIds]))
    .orderBy(activitySubCourses.activityId, activitySubCourses.subCourseId);
  for (const row of rows) {
    const list = assigned.get(row.activityId) ?? [];
    list.push(row.subCourseId);
    assigned.set(row.activityId, list);
  }
  return assigned;
}
