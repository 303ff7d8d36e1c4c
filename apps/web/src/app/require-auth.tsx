import type { CurrentUser } from '@lectern/contracts/identity/identity.schemas';
import { createContext, use, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useCurrentUser } from '../features/identity/public/get-current-user.ts';
import { isApiError } from '../shared/api/http-client.ts';
import { FullPageSpinner } from '../shared/components/full-page-spinner.tsx';
import { ErrorState } from '../shared/components/page-state.tsx';

export function loginPathFor(location: { pathname: string; search: string; hash: string }): string {
  const next = `${location.pathname}${location.search}${location.hash}`;
  return `/login?next=${encodeURIComponent(next)}`;
}

// The user RequireAuth let through. Reading it from context rather than the query cache means a child
// never sees the cache emptied mid-render (e.g. on logout) before RequireAuth itself unmounts it.
const AuthenticatedUserContext = createContext<CurrentUser | null>(null);

/** Renders its children only for a signed-in user; anyone else goes to the login page and comes back after. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const location = useLocation();
  const currentUser = useCurrentUser();

  if (currentUser.isError && isApiError(currentUser.error) && currentUser.error.status === 401) {
    return <Navigate to={loginPathFor(location)} replace />;
  }
  if (currentUser.data) {
    return <AuthenticatedUserContext value={currentUser.data}>{children}</AuthenticatedUserContext>;
  }
  if (currentUser.isError) {
    return (
      <ErrorState
        error={currentUser.error}
        onRetry={() => void currentUser.refetch()}
        retrying={currentUser.isRefetching}
      />
    );
  }
  return <FullPageSpinner />;
}

/** For components rendered under RequireAuth, where the user is known to be loaded. */
export function useAuthenticatedUser(): CurrentUser {
  const user = use(AuthenticatedUserContext);
  if (!user) throw new Error('useAuthenticatedUser must be used under RequireAuth');
  return user;
}
