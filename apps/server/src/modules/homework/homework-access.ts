import { homeworkSettings, type HomeworkData } from '@lectern/contracts/homework/homework-settings';
import type { Database, Executor } from '../../platform/database.ts';
import { AppError, forbidden, notFound } from '../../platform/errors.ts';
import type { Actor } from '../../platform/http/request-context.ts';
import { canSeeActivity } from '../activities/activities.policy.ts';
import { activitiesRepository, type ActivityRow } from '../activities/activities.repository.ts';
import { loadActivityWithCourse } from '../activities/activity-access.ts';
import { courseAccess } from '../courses/course-access.ts';
import type { CourseAccess } from '../courses/courses.policy.ts';

export type LoadedHomework = {
  activity: ActivityRow;
  /** The activity's `data` read as homework settings, defaults filled in. */
  settings: HomeworkData;
  access: CourseAccess;
};

/**
 * Loads a homework (an activity of type homework) with the caller's course access: the one way homework
 * routes reach one. Any other activity, a draft the caller may not see, or nothing is `homework.notFound`.
 */
export function homeworkAccess(db: Database) {
  const activities = activitiesRepository(db);
  const courses = courseAccess(db);
  return {
    async load(actor: Actor, id: number, tx: Executor = db): Promise<LoadedHomework> {
      const found = await loadActivityWithCourse(db, actor, id, tx);
      if (!found || found.activity.type !== 'homework') throw notFound('homework.notFound');
      const { activity } = found;
      const access = found.access();
      if (!canSeeActivity(access, activity)) throw notFound('homework.notFound');
      return { activity, settings: homeworkSettings(activity.data), access };
    },

    /**
     * For handing in: a member of the course learns that the homework is not published yet rather than
     * that it does not exist (the id came from somewhere); everyone else still gets not found.
     */
    async loadForHandIn(actor: Actor, id: number, tx: Executor = db): Promise<LoadedHomework> {
      const activity = await activities.findById(id, tx);
      if (!activity || activity.type !== 'homework') throw notFound('homework.notFound');
      const access = await courses.load(actor, activity.courseId, tx).catch((error: unknown) => {
        // Not a member of the course: say who may hand in rather than a bare "forbidden".
        throw error instanceof AppError && error.code === 'forbidden'
          ? forbidden('homework.notSubmitter')
          : error;
      });
      if (!canSeeActivity(access, activity)) throw forbidden('homework.notPublished');
      return { activity, settings: homeworkSettings(activity.data), access };
    },
  };
}
