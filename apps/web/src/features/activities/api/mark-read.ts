import type { Activity } from '@lectern/contracts/activities/activity.schemas';
import { ActivityReadResponseSchema } from '@lectern/contracts/activities/activity.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { request } from '../../../shared/api/http-client.ts';
import { activityQueryKey } from './get-activity.ts';
import { courseActivitiesQueryKey } from './list-activities.ts';

export type ActivityRead = z.infer<typeof ActivityReadResponseSchema>;

export interface MarkReadVariables {
  activityId: number;
  courseId: number;
}

/** Records that the viewer read or joined the activity; the server decides whether it counts. */
export function markRead({ activityId }: MarkReadVariables): Promise<ActivityRead> {
  return request(`/api/course/activities-read/${activityId}`, {
    method: 'POST',
    schema: ActivityReadResponseSchema,
  });
}

export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markRead,
    onSuccess: (result, { activityId, courseId }) => {
      if (!result.recorded) return;
      // Only the read mark changed: patch the cached copies instead of reloading the list.
      const markAsRead = (activity: Activity) =>
        activity.id === activityId ? { ...activity, read: true } : activity;
      queryClient.setQueryData<Activity>(activityQueryKey(activityId), (old) =>
        old ? markAsRead(old) : old,
      );
      queryClient.setQueryData<Activity[]>(courseActivitiesQueryKey(courseId), (old) => old?.map(markAsRead));
    },
  });
}
