import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import { COMBINED_COURSE_TYPE } from '@lectern/contracts/course-combining/course-combining.rules';
import { activities, activityNotDeleted } from '../../db/schema/activities.ts';
import { courseMembers, courseNotDeleted, courses } from '../../db/schema/courses.ts';
import type { Database, Executor } from '../../platform/database.ts';
import { notFound, orNullWhenDenied } from '../../platform/errors.ts';
import type { Actor } from '../../platform/http/request-context.ts';
import { accessFromRow, courseAccess, subCourseStudentIds } from '../courses/course-access.ts';
import { assertCan, type CourseAccess } from '../courses/courses.policy.ts';
import { canSeeActivity } from './activities.policy.ts';
import { activitiesRepository, type ActivityRow } from './activities.repository.ts';
import { assignedSubCourses, assignedSubCoursesOf } from './activity-scope.repository.ts';
import { withCompiledRows } from '../../platform/compiled-rows.ts';

export type ActivityWithAccess = { activity: ActivityRow; access: CourseAccess };

const accessUserId = sql.placeholder('userId');

/** What the caller (placeholder `userId`) is in an activity's course, read beside the activity. */
const courseColumns = {
  courseOrgId: courses.orgId,
  courseCreatedBy: courses.createdBy,
  courseType: courses.courseType,
  memberRoles: courseMembers.roles,
  memberSubCourseIds: subCourseStudentIds(courses, accessUserId),
  assignedSubCourseIds: assignedSubCourses(activities.id, courses.courseType),
};

type CourseColumnsRow = {
  courseOrgId: number;
  courseCreatedBy: number;
  courseType: number;
  memberRoles: readonly string[] | null;
  memberSubCourseIds: readonly number[] | null;
};

function accessOf(actor: Actor, courseId: number, row: CourseColumnsRow): CourseAccess {
  return accessFromRow(actor, courseId, {
    orgId: row.courseOrgId,
    createdBy: row.courseCreatedBy,
    courseType: row.courseType,
    roles: row.memberRoles,
    subCourseIds: row.memberSubCourseIds,
  });
}

/**
 * For a statement that reads an activity's own rows (a list page) and, in the same round trip, whether
 * the caller may: these columns, `from activities join courses left join course_members on
 * activityMembership where activityAlive`, judged by `visibleAccess`. Placeholders: `id` (the activity)
 * and `userId` (the caller).
 */
export const activityAccessColumns = {
  activityCourseId: activities.courseId,
  activityType: activities.type,
  activityPublished: activities.published,
  ...courseColumns,
};

export const activityMembership = and(
  eq(courseMembers.courseId, activities.courseId),
  eq(courseMembers.userId, accessUserId),
);

export const activityAlive = and(
  eq(activities.id, sql.placeholder('id')),
  activityNotDeleted,
  courseNotDeleted,
);

/**
 * The caller's access to the activity and its type, from `activityAccessColumns`, with `loadVisible`'s
 * refusals: a draft the caller may not see is simply not there.
 */
export function visibleAccess(
  actor: Actor,
  row: CourseColumnsRow & {
    activityCourseId: number;
    activityType: string;
    activityPublished: boolean;
    assignedSubCourseIds: readonly number[] | null;
  },
): { access: CourseAccess; type: string } {
  const access = accessOf(actor, row.activityCourseId, row);
  if (!canSeeActivity(access, { published: row.activityPublished }, row.assignedSubCourseIds ?? [])) {
    throw notFound('activities.notFound');
  }
  return { access, type: row.activityType };
}

// Nearly every activity-scoped request starts by loading the activity and what the caller is in its
// course: one named prepared statement reads both (decision 0006, hot reads).
function prepareWithCourse(tx: Executor) {
  return withCompiledRows(
    tx
      .select({ ...getTableColumns(activities), ...courseColumns })
      .from(activities)
      .innerJoin(courses, eq(courses.id, activities.courseId))
      .leftJoin(courseMembers, activityMembership)
      .where(activityAlive)
      .prepare('activity_with_course_access'),
  );
}
const preparedWithCourse = new WeakMap<Database, ReturnType<typeof prepareWithCourse>>();
function withCourseStatement(db: Database, tx: Executor) {
  if (tx !== db) return prepareWithCourse(tx);
  let statement = preparedWithCourse.get(db);
  if (!statement) preparedWithCourse.set(db, (statement = prepareWithCourse(db)));
  return statement;
}

/**
 * The activity (undefined when there is none) and a function giving the caller's access to its course,
 * which throws as `courseAccess.load` does; read in one query. Callers check the activity first.
 */
export async function loadActivityWithCourse(
  db: Database,
  actor: Actor,
  id: number,
  tx: Executor = db,
): Promise<
  { activity: ActivityRow; assignedSubCourseIds: readonly number[]; access: () => CourseAccess } | undefined
> {
  const [row] = await withCourseStatement(db, tx).execute({ id, userId: actor.userId });
  if (!row) return undefined;
  const {
    courseOrgId: _orgId,
    courseCreatedBy: _createdBy,
    courseType: _courseType,
    memberRoles: _roles,
    memberSubCourseIds: _subCourseIds,
    assignedSubCourseIds,
    ...activity
  } = row;
  return {
    activity,
    assignedSubCourseIds: assignedSubCourseIds ?? [],
    access: () => accessOf(actor, activity.courseId, row),
  };
}

/** Loads activities together with what the caller is in their course; the one way other slices reach them. */
export function activityAccess(db: Database) {
  const repo = activitiesRepository(db);
  const courses = courseAccess(db);

  async function loadAny(
    actor: Actor,
    id: number,
    tx: Executor,
  ): Promise<ActivityWithAccess & { assignedSubCourseIds: readonly number[] }> {
    const found = await loadActivityWithCourse(db, actor, id, tx);
    if (!found) throw notFound('activities.notFound');
    return {
      activity: found.activity,
      access: found.access(),
      assignedSubCourseIds: found.assignedSubCourseIds,
    };
  }

  return {
    /** An activity the caller can see; a draft is simply not there for those who may not see it. */
    async loadVisible(actor: Actor, id: number, tx: Executor = db): Promise<ActivityWithAccess> {
      const { assignedSubCourseIds, ...found } = await loadAny(actor, id, tx);
      if (!canSeeActivity(found.access, found.activity, assignedSubCourseIds)) {
        throw notFound('activities.notFound');
      }
      return found;
    },

    /** An activity the caller may edit or delete (refused while simulating). */
    async loadManaged(actor: Actor, id: number, tx: Executor = db): Promise<ActivityWithAccess> {
      const { assignedSubCourseIds: _assigned, ...found } = await loadAny(actor, id, tx);
      assertCan(found.access, 'activity.manage');
      return found;
    },

    /**
     * Of the given activities, those the caller can see, with the access that let them. One query for the
     * activities and one per distinct course; ids that do not exist or are hidden are simply absent.
     */
    async visibleAmong(
      actor: Actor,
      ids: readonly number[],
      tx: Executor = db,
    ): Promise<Map<number, ActivityWithAccess>> {
      const visible = new Map<number, ActivityWithAccess>();
      const rows = await repo.findByIds([...new Set(ids)], tx);
      const courseIds = [...new Set(rows.map((r) => r.courseId))];
      const loaded = await Promise.all(
        courseIds.map((id) => orNullWhenDenied(() => courses.load(actor, id, tx))),
      );
      const accessByCourse = new Map(courseIds.map((id, index) => [id, loaded[index]]));
      // Only combined courses assign activities to sub-courses: others need no second read.
      const combined = new Set(
        loaded.filter((a) => a?.courseType === COMBINED_COURSE_TYPE).map((a) => a?.courseId),
      );
      const assigned = await assignedSubCoursesOf(
        tx,
        rows.filter((r) => combined.has(r.courseId)).map((r) => r.id),
      );
      for (const activity of rows) {
        const access = accessByCourse.get(activity.courseId);
        if (access && canSeeActivity(access, activity, assigned.get(activity.id))) {
          visible.set(activity.id, { activity, access });
        }
      }
      return visible;
    },
  };
}
