import { examSettings, type ExamData } from '@lectern/contracts/exams/exam-settings';
import type { ExamType } from '@lectern/contracts/exams/exam.schemas';
import type { Database, Executor } from '../../platform/database.ts';
import { notFound } from '../../platform/errors.ts';
import type { Actor } from '../../platform/http/request-context.ts';
import { canSeeActivity } from '../activities/activities.policy.ts';
import { activitiesRepository, type ActivityRow } from '../activities/activities.repository.ts';
import { courseAccess } from '../courses/course-access.ts';
import { assertCan, type CourseAccess } from '../courses/courses.policy.ts';

export type LoadedExam = {
  activity: ActivityRow & { type: ExamType };
  /** The activity's `data` read as exam settings, defaults filled in. */
  settings: ExamData;
  access: CourseAccess;
};

export type LoadExamOptions = {
  /** Require the right to author it (activity.manage; refused while simulating). */
  manage?: boolean;
  /** Which kind of exam the id must be: `exam` (default), `classroom_exam`, or either. */
  type?: ExamType | 'any';
};

function isExamType(type: string, wanted: ExamType | 'any'): type is ExamType {
  return wanted === 'any' ? type === 'exam' || type === 'classroom_exam' : type === wanted;
}

/**
 * Loads an exam (an activity of type exam or classroom_exam) with the caller's course access: the one way
 * exam routes reach an exam. Any other activity, a draft the caller may not see, or nothing at all is
 * `exams.notFound`.
 */
export function examAccess(db: Database) {
  const activities = activitiesRepository(db);
  const courses = courseAccess(db);
  return {
    async loadExam(
      actor: Actor,
      id: number,
      options: LoadExamOptions = {},
      tx: Executor = db,
    ): Promise<LoadedExam> {
      const activity = await activities.findById(id, tx);
      if (!activity || !isExamType(activity.type, options.type ?? 'exam')) throw notFound('exams.notFound');
      const access = await courses.load(actor, activity.courseId, tx);
      if (options.manage) assertCan(access, 'activity.manage');
      else if (!canSeeActivity(access, activity)) throw notFound('exams.notFound');
      return {
        activity: activity as ActivityRow & { type: ExamType },
        settings: examSettings(activity.data),
        access,
      };
    },
  };
}
