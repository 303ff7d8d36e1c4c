import {
  VendorAuthResponseSchema,
  type VendorAuthResponse,
} from '@lectern/contracts/meetings/meetings.schemas';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { vendorAuthKey } from './meetings-keys.ts';

export type MeetingVendor = 'lark' | 'tencent';

/**
 * `GET /api/lark/authorization/check` (with the page to come back to as `state`) and
 * `GET /api/tencent_meeting/check-user-auth`: whether the server is connected to the vendor and the
 * caller authorised (Lark) or bound (Tencent).
 */
export function checkVendorAuth(
  vendor: MeetingVendor,
  location: string,
  signal?: AbortSignal,
): Promise<VendorAuthResponse> {
  return vendor === 'lark'
    ? request('/api/lark/authorization/check', {
        query: { state: location },
        schema: VendorAuthResponseSchema,
        signal,
      })
    : request('/api/tencent_meeting/check-user-auth', { schema: VendorAuthResponseSchema, signal });
}

export function useVendorAuth(vendor: MeetingVendor, location: string, enabled = true) {
  return useQuery({
    queryKey: vendorAuthKey(vendor),
    queryFn: ({ signal }) => checkVendorAuth(vendor, location, signal),
    enabled,
  });
}
