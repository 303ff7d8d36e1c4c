import type { Database, Executor } from '../../platform/database.ts';
import { notFound, orNullWhenDenied } from '../../platform/errors.ts';
import type { Actor } from '../../platform/http/request-context.ts';
import { courseAccess } from '../courses/course-access.ts';
import { assertCan, type CourseAccess } from '../courses/courses.policy.ts';
import { canSeeActivity } from './activities.policy.ts';
import { activitiesRepository, type ActivityRow } from './activities.repository.ts';

export type ActivityWithAccess = { activity: ActivityRow; access: CourseAccess };

/** Loads activities together with what the caller is in their course; the one way other slices reach them. */
export function activityAccess(db: Database) {
  const repo = activitiesRepository(db);
  const courses = courseAccess(db);

  async function loadAny(actor: Actor, id: number, tx: Executor): Promise<ActivityWithAccess> {
    const activity = await repo.findById(id, tx);
    if (!activity) throw notFound('activities.notFound');
    return { activity, access: await courses.load(actor, activity.courseId, tx) };
  }

  return {
    /** An activity the caller can see; a draft is simply not there for those who may not see it. */
    async loadVisible(actor: Actor, id: number, tx: Executor = db): Promise<ActivityWithAccess> {
      const found = await loadAny(actor, id, tx);
      if (!canSeeActivity(found.access, found.activity)) throw notFound('activities.notFound');
      return found;
    },

    /** An activity the caller may edit or delete (refused while simulating). */
    async loadManaged(actor: Actor, id: number, tx: Executor = db): Promise<ActivityWithAccess> {
      const found = await loadAny(actor, id, tx);
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
      for (const activity of rows) {
        const access = accessByCourse.get(activity.courseId);
        if (access && canSeeActivity(access, activity)) visible.set(activity.id, { activity, access });
      }
      return visible;
    },
  };
}
