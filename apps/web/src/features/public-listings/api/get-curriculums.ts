import {
  CurriculumListResponseSchema,
  type CurriculumListQuery,
} from '@lectern/contracts/public-listings/public-listings.schemas';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { publicListingsKeys } from './public-listings-keys.ts';

/** `GET /api/curriculums`. */
export function useCurriculums(query: CurriculumListQuery) {
  return useQuery({
    queryKey: publicListingsKeys.curriculums(query),
    queryFn: ({ signal }) =>
      request('/api/curriculums', { query, schema: CurriculumListResponseSchema, signal }),
    placeholderData: keepPreviousData,
  });
}
