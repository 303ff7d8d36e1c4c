import { HaveDependentsResponseSchema } from '@lectern/contracts/activities/activity.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { request } from '../../../shared/api/http-client.ts';
import { activitiesQueryKey } from './list-activities.ts';

export type HaveDependents = z.infer<typeof HaveDependentsResponseSchema>;

/** Whether learners already left records (reads, submissions) on any of these activities. */
export function haveDependents(
  activityIds: readonly number[],
  activityType: string | undefined,
  signal?: AbortSignal,
): Promise<HaveDependents> {
  return request('/api/activities/have-dependents', {
    query: { activity_ids: activityIds.join(','), activity_type: activityType },
    schema: HaveDependentsResponseSchema,
    signal,
  });
}

export function haveDependentsQueryOptions(activityIds: readonly number[], activityType?: string) {
  return queryOptions({
    queryKey: [...activitiesQueryKey, 'have-dependents', [...activityIds], activityType ?? null] as const,
    queryFn: ({ signal }) => haveDependents(activityIds, activityType, signal),
    // Asked right before a delete: an answer from earlier may no longer hold.
    staleTime: 0,
    gcTime: 0,
  });
}

export function useHaveDependents(activityIds: readonly number[], activityType?: string, enabled = true) {
  return useQuery({ ...haveDependentsQueryOptions(activityIds, activityType), enabled });
}
