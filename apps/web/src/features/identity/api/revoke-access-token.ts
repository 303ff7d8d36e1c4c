import { OkResponseSchema } from '@lectern/contracts/common/primitives.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { accessTokensQueryKey } from './list-access-tokens.ts';

export function revokeAccessToken(id: number) {
  return request(`/api/user/access-tokens/${id}`, { method: 'DELETE', schema: OkResponseSchema });
}

export function useRevokeAccessToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeAccessToken,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accessTokensQueryKey }),
  });
}
