import {
  RollcallQrCodeResponseSchema,
  type RollcallQrCodeResponse,
} from '@lectern/contracts/rollcalls/rollcalls.schemas';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { rollcallQrQueryKey } from './rollcalls-keys.ts';

/** `GET /api/course/{c}/rollcall/{id}/qr_code`: the current token, valid for one short window. */
export function getQrCode(
  courseId: number,
  id: number,
  signal?: AbortSignal,
): Promise<RollcallQrCodeResponse> {
  return request(`/api/course/${courseId}/rollcall/${id}/qr_code`, {
    schema: RollcallQrCodeResponseSchema,
    signal,
  });
}

/** Refetched just before each token expires, so the projector always shows a valid one. */
export function useQrCode(courseId: number, id: number, enabled: boolean) {
  return useQuery({
    queryKey: rollcallQrQueryKey(id),
    queryFn: ({ signal }) => getQrCode(courseId, id, signal),
    enabled,
    refetchInterval: (query) => {
      const expiresAt = query.state.data?.expires_at;
      if (!expiresAt) return 2000;
      return Math.max(500, new Date(expiresAt).getTime() - Date.now() - 500);
    },
    gcTime: 0,
  });
}
