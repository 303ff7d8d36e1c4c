import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { isApiError, requestTyped } from '../../../shared/api/http-client.ts';

// Typed, not parsed: the shell's user menu, in every signed-in first screen, calls it (decision 0014).
export function logout(): Promise<{ ok: true }> {
  return requestTyped<{ ok: true }>('/api/logout', { method: 'POST' });
}

export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const leave = async () => {
    // Leave the protected pages first, or their queries would refetch into 401s while the cache empties.
    // flushSync commits the login page before the cache is cleared; a transition would still be rendering
    // the signed-in layout, which then finds no current user.
    await navigate('/login', { replace: true, flushSync: true });
    queryClient.clear();
  };
  return useMutation({
    mutationFn: logout,
    onSuccess: leave,
    onError: async (error) => {
      // An already expired session is as good as a successful logout.
      if (isApiError(error) && error.status === 401) await leave();
    },
  });
}
