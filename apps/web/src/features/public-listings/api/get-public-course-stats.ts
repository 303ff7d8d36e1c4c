import { PublicCourseStatsSchema } from '@lectern/contracts/public-listings/public-listings.schemas';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { publicListingsKeys } from './public-listings-keys.ts';

/** `GET /api/courses/public/stats`. */
export function usePublicCourseStats() {
  return useQuery({
    queryKey: publicListingsKeys.courseStats(),
    queryFn: ({ signal }) =>
      request('/api/courses/public/stats', { schema: PublicCourseStatsSchema, signal }),
  });
}
