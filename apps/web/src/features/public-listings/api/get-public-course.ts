import {
  PublicCatalogResponseSchema,
  PublicCourseDetailSchema,
} from '@lectern/contracts/public-listings/public-listings.schemas';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { publicListingsKeys } from './public-listings-keys.ts';

/** `GET /anonymous-api/courses/{id}`: a public course's card fields and outline, as the world sees it. */
export function usePublicCourse(id: number) {
  return useQuery({
    queryKey: publicListingsKeys.course(id),
    queryFn: ({ signal }) =>
      request(`/anonymous-api/courses/${id}`, { schema: PublicCourseDetailSchema, signal }),
  });
}

/** `GET /anonymous-api/courses/{id}/catalog-activities`: its published activities. */
export function usePublicCatalog(id: number) {
  return useQuery({
    queryKey: publicListingsKeys.catalog(id),
    queryFn: ({ signal }) =>
      request(`/anonymous-api/courses/${id}/catalog-activities`, {
        schema: PublicCatalogResponseSchema,
        signal,
      }),
  });
}
