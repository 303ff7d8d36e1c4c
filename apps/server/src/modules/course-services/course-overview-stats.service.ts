import type { CourseOverviewStats } from '@lectern/contracts/course-services/course-overview-stats.schemas';
import type { AppContext } from '../../platform/app-context.ts';
import { notFound } from '../../platform/errors.ts';
import type { Actor } from '../../platform/http/request-context.ts';
import { courseAccess } from '../courses/course-access.ts';
import { assertCan } from '../courses/courses.policy.ts';
import { courseOverviewStatsRepository } from './course-overview-stats.repository.ts';

/** Rates to three decimals, percentages to one: figures for a card, not for further arithmetic. */
const round = (value: number | null, digits: number) =>
  value === null ? null : Math.round(value * 10 ** digits) / 10 ** digits;

export function courseOverviewStatsService(ctx: AppContext) {
  const repo = courseOverviewStatsRepository(ctx.db);

  return {
    /** `GET /api/stat/courses/{id}/overview`: the teaching team (students are refused, unknown ids 404). */
    async overview(actor: Actor, courseId: number): Promise<CourseOverviewStats> {
      assertCan(await courseAccess(ctx.db).load(actor, courseId), 'activity.read_unpublished');
      const [byType, figures] = await Promise.all([repo.activitiesByType(courseId), repo.figures(courseId)]);
      if (!figures) throw notFound();
      return {
        course_id: courseId,
        student_count: figures.student_count,
        active_students_last_7_days: figures.active_students,
        activity_count: byType.reduce((sum, t) => sum + t.count, 0),
        published_activity_count: figures.published_count,
        activities_by_type: byType,
        average_completion_rate: round(figures.average_completion_rate, 3),
        submissions_to_mark: figures.homework_to_mark + figures.exams_to_mark,
        homework_to_mark: figures.homework_to_mark,
        exams_to_mark: figures.exams_to_mark,
        average_exam_score: round(figures.average_exam_score, 1),
        exam_submission_count: figures.exam_submission_count,
        period: {
          start_date: figures.start_date,
          end_date: figures.end_date,
          total_days: figures.total_days,
          elapsed_days: figures.elapsed_days,
          hand_ins: figures.hand_ins,
        },
      };
    },
  };
}
