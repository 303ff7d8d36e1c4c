import {
  SubmittersActionResponseSchema,
  type SubmittersActionResponse,
} from '@lectern/contracts/homework/homework.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { homeworkKey } from './homework-keys.ts';

/**
 * The instructor actions that take only a list of submitters, each its own endpoint with the same body:
 * `POST /api/homework/{id}/redo`, `/remind`, `/mark-unsubmitted`, `/recommend`, `/unrecommend`.
 */
export const SUBMITTERS_ACTIONS = ['redo', 'remind', 'mark-unsubmitted', 'recommend', 'unrecommend'] as const;
export type SubmittersAction = (typeof SUBMITTERS_ACTIONS)[number];

export interface SubmittersActionVariables {
  homeworkId: number;
  action: SubmittersAction;
  submitterIds: number[];
}

export function submittersAction({
  homeworkId,
  action,
  submitterIds,
}: SubmittersActionVariables): Promise<SubmittersActionResponse> {
  return request(`/api/homework/${homeworkId}/${action}`, {
    method: 'POST',
    body: { submitter_ids: submitterIds },
    schema: SubmittersActionResponseSchema,
  });
}

export function useSubmittersAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submittersAction,
    onSuccess: (_result, { homeworkId }) =>
      queryClient.invalidateQueries({ queryKey: homeworkKey(homeworkId) }),
  });
}
