import {
  SubmittersActionResponseSchema,
  type MakeUpRequest,
  type SubmittersActionResponse,
} from '@lectern/contracts/homework/homework.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { homeworkKey } from './homework-keys.ts';

export interface MakeUpVariables {
  homeworkId: number;
  body: MakeUpRequest;
}

/** `POST /api/homework/{id}/make-up`: a late window, until `end_time`, for the chosen submitters. */
export function makeUp({ homeworkId, body }: MakeUpVariables): Promise<SubmittersActionResponse> {
  return request(`/api/homework/${homeworkId}/make-up`, {
    method: 'POST',
    body,
    schema: SubmittersActionResponseSchema,
  });
}

export function useMakeUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: makeUp,
    onSuccess: (_result, { homeworkId }) =>
      queryClient.invalidateQueries({ queryKey: homeworkKey(homeworkId) }),
  });
}
