import { ClassificationListResponseSchema } from '@lectern/contracts/public-listings/public-listings.schemas';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { publicListingsKeys } from './public-listings-keys.ts';

/** `GET /api/course-classifications` or `/api/curriculum-classifications`. */
export function useClassifications(kind: 'course' | 'curriculum') {
  return useQuery({
    queryKey: publicListingsKeys.classifications(kind),
    queryFn: ({ signal }) =>
      request(`/api/${kind}-classifications`, { schema: ClassificationListResponseSchema, signal }),
    staleTime: 60_000,
  });
}
