import { EstimatesResponseSchema } from '@lectern/contracts/course-services/course-estimates.schemas';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { publicListingsKeys } from './public-listings-keys.ts';

/** `GET /anonymous-api/course-estimates/{id}`: a public course's newest reviews, as the world sees them. */
export function usePublicEstimates(courseId: number) {
  return useQuery({
    queryKey: [...publicListingsKeys.course(courseId), 'estimates'] as const,
    queryFn: ({ signal }) =>
      request(`/anonymous-api/course-estimates/${courseId}`, {
        query: { page: 1, page_size: 5 },
        schema: EstimatesResponseSchema,
        signal,
      }),
  });
}
