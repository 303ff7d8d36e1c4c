import type { CurrentUser, LoginRequest } from '@lectern/contracts/identity/identity.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestTyped } from '../../../shared/api/http-client.ts';
import { applyUserPreferences, currentUserQueryKey } from '../public/get-current-user.ts';

// Typed, not parsed: the sign-in page is a first screen (decision 0014).
export function login(body: LoginRequest): Promise<CurrentUser> {
  return requestTyped<CurrentUser>('/api/login', { method: 'POST', body });
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (user) => {
      // Nothing cached for a previous account may leak into this session.
      queryClient.clear();
      queryClient.setQueryData(currentUserQueryKey, applyUserPreferences(user));
    },
  });
}
