import { ActivitySchema, type Activity } from '@lectern/contracts/activities/activity.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { activitiesQueryKey } from './list-activities.ts';

export function activityQueryKey(id: number) {
  return [...activitiesQueryKey, 'detail', id] as const;
}

export function getActivity(id: number, signal?: AbortSignal): Promise<Activity> {
  return request(`/api/activities/${id}`, { schema: ActivitySchema, signal });
}

export function activityQueryOptions(id: number) {
  return queryOptions({
    queryKey: activityQueryKey(id),
    queryFn: ({ signal }) => getActivity(id, signal),
  });
}

export function useActivity(id: number, enabled = true) {
  return useQuery({ ...activityQueryOptions(id), enabled });
}
