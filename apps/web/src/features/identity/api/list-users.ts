import { DEFAULT_PAGE_SIZE } from '@lectern/contracts/common/pagination.schemas';
import {
  UsersPageSchema,
  type ListUsersQuery,
  type UsersPage,
} from '@lectern/contracts/identity/identity.schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';

/** Every cached user list lives under this prefix, so writes can invalidate them all at once. */
export const usersQueryKey = ['identity', 'users'] as const;

export type ListUsersParams = Partial<ListUsersQuery>;

export function listUsers(params: ListUsersParams, signal?: AbortSignal): Promise<UsersPage> {
  return request('/api/org/users', {
    query: { page: 1, page_size: DEFAULT_PAGE_SIZE, ...params },
    schema: UsersPageSchema,
    signal,
  });
}

export function listUsersQueryOptions(params: ListUsersParams) {
  return queryOptions({
    queryKey: [...usersQueryKey, 'list', params] as const,
    queryFn: ({ signal }) => listUsers(params, signal),
    // Keeps the current page on screen while the next one loads, so the table does not flash empty.
    placeholderData: keepPreviousData,
  });
}

export function useUsers(params: ListUsersParams) {
  return useQuery(listUsersQueryOptions(params));
}
