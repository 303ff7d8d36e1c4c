import {
  H5PackagesResponseSchema,
  type H5PackagesResponse,
} from '@lectern/contracts/h5-courseware/h5-courseware.schemas';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { h5PackagesQueryKey } from './h5-keys.ts';

/** `GET /api/h5-courseware/{activityId}/packages`: the activity's unpacked packages. */
export function getH5Packages(activityId: number, signal?: AbortSignal): Promise<H5PackagesResponse> {
  return request(`/api/h5-courseware/${activityId}/packages`, { schema: H5PackagesResponseSchema, signal });
}

export function useH5Packages(activityId: number) {
  return useQuery({
    queryKey: h5PackagesQueryKey(activityId),
    queryFn: ({ signal }) => getH5Packages(activityId, signal),
  });
}
