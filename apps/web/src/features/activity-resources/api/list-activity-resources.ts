import {
  ActivityResourcesResponseSchema,
  type ActivityResourcesResponse,
} from '@lectern/contracts/activity-resources/activity-resources.schemas';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { activityResourcesKey } from './activity-resources-keys.ts';

/** `GET /api/activities/{id}/resources`: the resources, what the caller may do, statistics for instructors. */
export function listActivityResources(id: number, signal?: AbortSignal): Promise<ActivityResourcesResponse> {
  return request(`/api/activities/${id}/resources`, { schema: ActivityResourcesResponseSchema, signal });
}

export function useActivityResources(id: number) {
  return useQuery({
    queryKey: activityResourcesKey(id),
    queryFn: ({ signal }) => listActivityResources(id, signal),
  });
}

/** Where a resource is downloaded, or (inline) viewed in the page; both are counted by the server. */
export function activityResourceBlobUrl(activityId: number, uploadId: number, inline = false): string {
  return `/api/activities/${activityId}/resources/${uploadId}/blob${inline ? '?inline=true' : ''}`;
}
