import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { activities, activityNotDeleted } from '../../db/schema/activities.ts';
import { courseMembers, courseNotDeleted, courses } from '../../db/schema/courses.ts';
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
  name: sql<string>`coalesce(${courses.displayName}, ${courses.name})`,
};

/** The member's courses of an organisation, as every cross-course read selects them: deleted ones are not. */
export function memberCoursesWhere(userId: number, orgId: number): SQL | undefined {
  return and(eq(courseMembers.userId, userId), eq(courses.orgId, orgId), courseNotDeleted);
}

/** Activities of the scope's courses: published ones, and drafts only where the scope allows. */
export function visibleInScope(scope: ActivityScope): SQL | undefined {
  return and(
    activityNotDeleted,
    inArray(activities.courseId, scope.courseIds),
    scope.draftCourseIds.length > 0
      ? or(eq(activities.published, true), inArray(activities.courseId, scope.draftCourseIds))
      : eq(activities.published, true),
  );
}
