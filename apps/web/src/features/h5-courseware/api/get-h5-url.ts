import {
  H5UrlResponseSchema,
  type H5UrlResponse,
} from '@lectern/contracts/h5-courseware/h5-courseware.schemas';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { h5UrlQueryKey } from './h5-keys.ts';

/** `GET /api/h5-courseware/{activityId}/upload/{uploadId}/url`: a short-lived, signed frame address. */
export function getH5Url(activityId: number, uploadId: number, signal?: AbortSignal): Promise<H5UrlResponse> {
  return request(`/api/h5-courseware/${activityId}/upload/${uploadId}/url`, {
    schema: H5UrlResponseSchema,
    signal,
  });
}

export function useH5Url(activityId: number, uploadId: number) {
  return useQuery({
    queryKey: h5UrlQueryKey(activityId, uploadId),
    queryFn: ({ signal }) => getH5Url(activityId, uploadId, signal),
    // A new address reloads the frame: never refetch behind the learner's back.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}
