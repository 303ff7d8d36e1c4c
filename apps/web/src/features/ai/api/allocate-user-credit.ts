import { UserCreditSchema, type UserCredit } from '@lectern/contracts/ai/ai.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { aiCreditsQueryKey } from '../../../shared/hooks/use-ai-credit.ts';

/** `PUT /api/ai/users/{userId}/credit` (administrators): sets the credits assigned to one user. */
export function allocateUserCredit(input: { userId: number; assigned: number }): Promise<UserCredit> {
  return request(`/api/ai/users/${input.userId}/credit`, {
    method: 'PUT',
    body: { assigned: input.assigned },
    schema: UserCreditSchema,
  });
}

export function useAllocateUserCredit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: allocateUserCredit,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: aiCreditsQueryKey }),
  });
}
