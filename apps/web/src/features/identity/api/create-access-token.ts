import {
  CreatedAccessTokenSchema,
  type CreateAccessTokenRequest,
  type CreatedAccessToken,
} from '@lectern/contracts/identity/access-tokens.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { accessTokensQueryKey } from './list-access-tokens.ts';

/** The answer holds the secret, which the server never shows again. */
export function createAccessToken(body: CreateAccessTokenRequest): Promise<CreatedAccessToken> {
  return request('/api/user/access-tokens', { method: 'POST', body, schema: CreatedAccessTokenSchema });
}

export function useCreateAccessToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAccessToken,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accessTokensQueryKey }),
  });
}
