import { SearchResponseSchema, type SearchResponse } from '@lectern/contracts/search/search.schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';

/** `GET /api/search`: the caller's courses, then activities, whose names contain the keyword. */
export function search(
  query: { keyword: string; page: number; page_size: number },
  signal?: AbortSignal,
): Promise<SearchResponse> {
  return request('/api/search', { query, schema: SearchResponseSchema, signal });
}

export function searchQueryOptions(keyword: string, pageSize: number) {
  return queryOptions({
    queryKey: ['search', keyword, pageSize] as const,
    queryFn: ({ signal }) => search({ keyword, page: 1, page_size: pageSize }, signal),
    // Results of a keyword rarely change while someone is typing around it.
    staleTime: 30_000,
  });
}

/** Nothing is asked for a blank keyword; the previous results stay while the next ones load. */
export function useSearch(keyword: string, pageSize: number) {
  return useQuery({
    ...searchQueryOptions(keyword, pageSize),
    enabled: keyword !== '',
    placeholderData: keepPreviousData,
  });
}
