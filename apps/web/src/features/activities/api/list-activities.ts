import type { ActivitiesResponse, Activity } from '@lectern/contracts/activities/activity.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestTyped } from '../../../shared/api/http-client.ts';

/** Every cached activity entry lives under this prefix, so writes can invalidate them all at once. */
export const activitiesQueryKey = ['activities'] as const;

export function courseActivitiesQueryKey(courseId: number) {
  return [...activitiesQueryKey, 'course', courseId] as const;
}

/**
 * All activities of a course the viewer may see, in course order. The course page fetches them once and
 * each module or syllabus section picks its own, instead of one request per section.
 */
// Typed, not parsed: the course page draws these first (decision 0014).
export async function listActivities(courseId: number, signal?: AbortSignal): Promise<Activity[]> {
  const response = await requestTyped<ActivitiesResponse>(`/api/courses/${courseId}/activities`, { signal });
  return response.activities;
}

export function activitiesQueryOptions(courseId: number) {
  return queryOptions({
    queryKey: courseActivitiesQueryKey(courseId),
    queryFn: ({ signal }) => listActivities(courseId, signal),
  });
}

export function useActivities(courseId: number) {
  return useQuery(activitiesQueryOptions(courseId));
}
