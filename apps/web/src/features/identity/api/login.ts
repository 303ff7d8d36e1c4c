import {
  CurrentUserSchema,
  type CurrentUser,
  type LoginRequest,
} from '@lectern/contracts/identity/identity.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { applyUserPreferences, currentUserQueryKey } from '../public/get-current-user.ts';

export function login(body: LoginRequest): Promise<CurrentUser> {
  return request('/api/login', { method: 'POST', body, schema: CurrentUserSchema });
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
