import {
  VideoAiTaskSchema,
  type StartVideoAi,
  type VideoAiTask,
} from '@lectern/contracts/ai/video-ai.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { useRefreshAiCredit } from '../../../shared/hooks/use-ai-credit.ts';
import { videoAiQueryKey } from './list-video-ai.ts';

/** `POST /api/activities/{id}/video-ai`: queue captions, topics and chapters for one of its videos. */
export function startVideoAi(activityId: number, body: StartVideoAi): Promise<VideoAiTask> {
  return request(`/api/activities/${activityId}/video-ai`, {
    method: 'POST',
    body,
    schema: VideoAiTaskSchema,
  });
}

export function useStartVideoAi(activityId: number) {
  const queryClient = useQueryClient();
  const refreshCredit = useRefreshAiCredit();
  return useMutation({
    mutationFn: (body: StartVideoAi) => startVideoAi(activityId, body),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: videoAiQueryKey(activityId) });
      await refreshCredit();
    },
  });
}
