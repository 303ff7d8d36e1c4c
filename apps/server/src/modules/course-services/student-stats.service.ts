import type {
  StudentStatsQuerySchema,
  StudentStatsResponse,
} from '@lectern/contracts/course-services/student-stats.schemas';
import type { z } from 'zod';
import type { AppContext } from '../../platform/app-context.ts';
import { forbidden, orNullWhenDenied } from '../../platform/errors.ts';
import type { Actor } from '../../platform/http/request-context.ts';
import { courseAccess } from '../courses/course-access.ts';
import { can } from '../courses/courses.policy.ts';
import { studentStatsRepository } from './student-stats.repository.ts';

/** Every `YYYY-MM-DD` from `start` to `end` inclusive (the query schema caps the span). */
function datesOf(start: string, end: string): string[] {
  const dates: string[] = [];
  for (let t = Date.parse(`${start}T00:00:00Z`); t <= Date.parse(`${end}T00:00:00Z`); t += 86_400_000) {
    dates.push(new Date(t).toISOString().slice(0, 10));
  }
  return dates;
}

export function studentStatsService(ctx: AppContext) {
  const repo = studentStatsRepository(ctx.db);
  const courses = courseAccess(ctx.db);

  return {
    /**
     * `GET /api/courses/tpdoe/stat-students`: what the students of the listed courses did per day. Every
     * course must be one the caller may read its students' data in (its teaching team, or an administrator
     * of its organisation); otherwise the whole request is refused, a missing course reading like one the
     * caller does not teach.
     */
    async stats(
      actor: Actor,
      query: z.output<typeof StudentStatsQuerySchema>,
    ): Promise<StudentStatsResponse> {
      const courseIds = [...new Set(query.course_ids)];
      for (const courseId of courseIds) {
        const access = await orNullWhenDenied(() => courses.load(actor, courseId));
        // Students' activity is as personal as their contacts: the same people may read it.
        if (!access || !can(access, 'members.read_contacts')) {
          throw forbidden('courseServices.statCourseForbidden');
        }
      }
      const timezone = typeof query.conditions.timezone === 'string' ? query.conditions.timezone : 'UTC';
      const window = {
        courseIds,
        startDate: query.start_date,
        endDate: query.end_date,
        timezone,
        statType: query.stat_type,
      };
      const [names, counts, figures] = await Promise.all([
        repo.courseNames(courseIds),
        repo.studentCounts(courseIds),
        repo.figures(window),
      ]);
      return {
        result: {
          stat_type: query.stat_type,
          start_date: query.start_date,
          end_date: query.end_date,
          timezone,
          student_count: counts.get(0) ?? 0,
          total: figures.total,
          days: datesOf(query.start_date, query.end_date).map((date) => ({
            date,
            value: figures.days.get(date) ?? 0,
          })),
          courses: courseIds.map((courseId) => ({
            course_id: courseId,
            name: names.get(courseId) ?? '',
            student_count: counts.get(courseId) ?? 0,
            value: figures.courses.get(courseId) ?? 0,
          })),
        },
      };
    },
  };
}
