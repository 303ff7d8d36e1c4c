import { and, asc, count, eq, ilike, sql, type SQL } from 'drizzle-orm';
import { activities } from '../../db/schema/activities.ts';
import { courseMembers, courses } from '../../db/schema/courses.ts';
import type { Database, Executor } from '../../platform/database.ts';
import {
  memberCourseColumns,
  memberCoursesWhere,
  visibleInScope,
} from '../activities/activity-scope.repository.ts';
import type { ActivityScope, MemberCourseAccessRow } from '../activities/activity-scope.ts';

export type SearchCourseRow = MemberCourseAccessRow & {
  name: string;
  courseCode: string | null;
  /** Whether the course's name, display name or code contains the keyword. */
  matches: boolean;
};

export type SearchActivityRow = {
  id: number;
  courseId: number;
  type: string;
  title: string;
  published: boolean;
};

/** `%keyword%` with the pattern's own wildcards taken literally. */
export function containsPattern(keyword: string): string {
  return `%${keyword.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
}

function visibleActivityWhere(scope: ActivityScope, pattern: string): SQL | undefined {
  return and(visibleInScope(scope), ilike(activities.title, pattern));
}

export function searchRepository(db: Database) {
  return {
    /** Every course of the organisation the user belongs to, with their roles and whether it matches. */
    async memberCourses(
      userId: number,
      orgId: number,
      pattern: string,
      tx: Executor = db,
    ): Promise<SearchCourseRow[]> {
      return tx
        .select({
          ...memberCourseColumns,
          courseCode: courses.courseCode,
          // A missing display name or code must read as "no match", not as null.
          matches: sql<boolean>`coalesce(${courses.name} ilike ${pattern}
            or ${courses.displayName} ilike ${pattern}
            or ${courses.courseCode} ilike ${pattern}, false)`.mapWith(Boolean),
        })
        .from(courseMembers)
        .innerJoin(courses, eq(courses.id, courseMembers.courseId))
        .where(memberCoursesWhere(userId, orgId));
    },

    /** One page of the scope's activities whose title contains the pattern, by title. */
    async matchingActivities(
      scope: ActivityScope,
      pattern: string,
      page: { limit: number; offset: number },
      tx: Executor = db,
    ): Promise<SearchActivityRow[]> {
      if (scope.courseIds.length === 0 || page.limit <= 0) return [];
      return tx
        .select({
          id: activities.id,
          courseId: activities.courseId,
          type: activities.type,
          title: activities.title,
          published: activities.published,
        })
        .from(activities)
        .where(visibleActivityWhere(scope, pattern))
        .orderBy(asc(activities.title), asc(activities.id))
        .limit(page.limit)
        .offset(page.offset);
    },

    async countMatchingActivities(scope: ActivityScope, pattern: string, tx: Executor = db): Promise<number> {
      if (scope.courseIds.length === 0) return 0;
      const [row] = await tx
        .select({ total: count() })
        .from(activities)
        .where(visibleActivityWhere(scope, pattern));
      return row?.total ?? 0;
    },
  };
}
