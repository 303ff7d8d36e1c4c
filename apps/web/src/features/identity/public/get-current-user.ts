import type { CurrentUser } from '@lectern/contracts/identity/identity.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestTyped } from '../../../shared/api/http-client.ts';
import { setDisplayTimeZone } from '../../../shared/components/date-time.ts';

/** The signed-in user (GET /api/user): one cache entry the shell and every feature share. */
export const currentUserQueryKey = ['identity', 'current-user'] as const;

/** Every way the signed-in user reaches the cache passes here, so dates follow their chosen zone. */
export function applyUserPreferences(user: CurrentUser): CurrentUser {
  setDisplayTimeZone(user.time_zone);
  return user;
}

// Typed, not parsed: every page's first download asks for the user (decision 0014).
export async function getCurrentUser(signal?: AbortSignal): Promise<CurrentUser> {
  return applyUserPreferences(await requestTyped<CurrentUser>('/api/user', { signal }));
}

export function currentUserQueryOptions() {
  return queryOptions({
    queryKey: currentUserQueryKey,
    queryFn: ({ signal }) => getCurrentUser(signal),
    // The session rarely changes under us; writes that affect it update or invalidate this entry.
    staleTime: 5 * 60_000,
  });
}

export function useCurrentUser() {
  return useQuery(currentUserQueryOptions());
}
