import { CourseOverviewStatsSchema } from '@lectern/contracts/course-services/course-overview-stats.schemas';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { courseOverviewStatsKey } from './course-services-keys.ts';

/** `GET /api/stat/courses/{id}/overview`: the teaching team's figures of the course. */
export function useCourseOverviewStats(courseId: number) {
  return useQuery({
    queryKey: courseOverviewStatsKey(courseId),
    queryFn: ({ signal }) =>
      request(`/api/stat/courses/${courseId}/overview`, { schema: CourseOverviewStatsSchema, signal }),
  });
}
