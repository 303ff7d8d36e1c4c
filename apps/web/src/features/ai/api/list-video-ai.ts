import {
  VideoAiTasksResponseSchema,
  type VideoAiTasksResponse,
} from '@lectern/contracts/ai/video-ai.schemas';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';

export const videoAiQueryKey = (activityId: number) => ['ai', 'video', activityId] as const;

/** `GET /api/activities/{id}/video-ai`: the latest AI generation of each of the activity's videos. */
export function listVideoAi(activityId: number, signal?: AbortSignal): Promise<VideoAiTasksResponse> {
  return request(`/api/activities/${activityId}/video-ai`, { schema: VideoAiTasksResponseSchema, signal });
}

/** Polls while a generation is queued or running, so the result appears without a reload. */
export function useVideoAi(activityId: number) {
  return useQuery({
    queryKey: videoAiQueryKey(activityId),
    queryFn: ({ signal }) => listVideoAi(activityId, signal),
    refetchInterval: (query) =>
      query.state.data?.tasks.some((task) => task.status === 'queued' || task.status === 'processing')
        ? 5000
        : false,
  });
}
