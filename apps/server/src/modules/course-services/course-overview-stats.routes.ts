import { IdParamsSchema } from '@lectern/contracts/common/primitives.schemas';
import { CourseOverviewStatsSchema } from '@lectern/contracts/course-services/course-overview-stats.schemas';
import type { Api, AppContext } from '../../platform/app-context.ts';
import { actorOf } from '../../platform/http/request-context.ts';
import { courseOverviewStatsService } from './course-overview-stats.service.ts';

const tags = ['course-services'];

/** The course statistics overview the original clients read at `/stat/courses/{id}/overview`. */
export function registerCourseOverviewStatsRoutes(app: Api, ctx: AppContext): void {
  const stats = courseOverviewStatsService(ctx);
  app.get(
    '/api/stat/courses/:id/overview',
    {
      config: { access: 'user' },
      schema: {
        tags,
        description:
          "The teaching team's figures of a course: students, activities by type, completion, activity in the " +
          'last 7 days, hand-ins waiting for a mark, exam scores and the course period.',
        params: IdParamsSchema,
        response: { 200: CourseOverviewStatsSchema },
      },
    },
    async (request) => stats.overview(actorOf(request), request.params.id),
  );
}
