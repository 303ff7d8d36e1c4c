import {
  TencentBindingResponseSchema,
  type TencentBindingResponse,
} from '@lectern/contracts/meetings/meetings.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { vendorAuthKey } from './meetings-keys.ts';

/** `PUT /api/tencent_meeting/user-binding`: binds the caller's Tencent Meeting userid (Tencent checks it). */
export function bindTencentUser(userid: string): Promise<TencentBindingResponse> {
  return request('/api/tencent_meeting/user-binding', {
    method: 'PUT',
    body: { userid },
    schema: TencentBindingResponseSchema,
  });
}

export function useBindTencentUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bindTencentUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: vendorAuthKey('tencent') }),
  });
}
