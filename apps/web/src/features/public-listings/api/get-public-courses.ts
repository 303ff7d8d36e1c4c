import {
  PublicCourseListResponseSchema,
  type PublicCourseListQuery,
} from '@lectern/contracts/public-listings/public-listings.schemas';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { publicListingsKeys } from './public-listings-keys.ts';

/** `GET /api/courses/public`: public course cards (and the caller's organisation's, when signed in). */
export function usePublicCourses(query: PublicCourseListQuery) {
  return useQuery({
    queryKey: publicListingsKeys.courses(query),
    queryFn: ({ signal }) =>
      request('/api/courses/public', { query, schema: PublicCourseListResponseSchema, signal }),
    placeholderData: keepPreviousData,
  });
}
