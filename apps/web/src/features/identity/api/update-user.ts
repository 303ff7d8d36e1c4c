import { UserSchema, type UpdateUserRequest, type User } from '@lectern/contracts/identity/identity.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { currentUserQueryKey } from '../public/get-current-user.ts';
import { usersQueryKey } from './list-users.ts';

export interface UpdateUserVariables {
  id: number;
  body: UpdateUserRequest;
}

export function updateUser({ id, body }: UpdateUserVariables): Promise<User> {
  return request(`/api/org/users/${id}`, { method: 'PUT', body, schema: UserSchema });
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    // An administrator may edit their own account, which the header shows from the current-user entry.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: usersQueryKey }),
        queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
      ]),
  });
}
