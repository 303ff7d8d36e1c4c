import { UserSchema, type CreateUserRequest, type User } from '@lectern/contracts/identity/identity.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { usersQueryKey } from './list-users.ts';

export function createUser(body: CreateUserRequest): Promise<User> {
  return request('/api/org/users', { method: 'POST', body, schema: UserSchema });
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}
