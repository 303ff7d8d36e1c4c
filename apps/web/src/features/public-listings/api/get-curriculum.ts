import { CurriculumDetailSchema } from '@lectern/contracts/public-listings/public-listings.schemas';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { publicListingsKeys } from './public-listings-keys.ts';

/** `GET /api/curriculum/{id}`: the card and the courses of it the caller may read. */
export function useCurriculum(id: number) {
  return useQuery({
    queryKey: publicListingsKeys.curriculum(id),
    queryFn: ({ signal }) => request(`/api/curriculum/${id}`, { schema: CurriculumDetailSchema, signal }),
  });
}
