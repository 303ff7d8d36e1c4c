import {
  OperateResponseSchema,
  type OperateRequest,
  type OperateResponse,
} from '@lectern/contracts/discussions/discussions.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { updateCachedPost } from './discussions-cache.ts';

export interface OperateVariables {
  activityId: number;
  body: OperateRequest;
}

/** `POST /api/activities/{id}/comments/operate`: like, unlike, or check which targets the caller liked. */
export function operateComments({ activityId, body }: OperateVariables): Promise<OperateResponse> {
  return request(`/api/activities/${activityId}/comments/operate`, {
    method: 'POST',
    body,
    schema: OperateResponseSchema,
  });
}

export interface ToggleLikeVariables {
  kind: 'comment' | 'reply';
  id: number;
  /** The state to reach: true likes, false unlikes. */
  like: boolean;
}

/** Likes or unlikes one comment or reply and shows the server's new count wherever it is cached. */
export function useToggleLike(activityId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, id, like }: ToggleLikeVariables) =>
      operateComments({
        activityId,
        body: {
          target_ids: [id],
          target_type: kind === 'comment' ? 'comment' : 'comment_reply',
          operate_type: like ? 'like' : 'unlike',
        },
      }),
    onSuccess: (response, { kind, id, like }) => {
      const count = response.approval_counts[String(id)];
      updateCachedPost(queryClient, activityId, kind, id, {
        current_user_liked: like,
        ...(count === undefined ? {} : { approval_count: count }),
      });
    },
  });
}
