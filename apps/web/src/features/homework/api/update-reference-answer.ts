import {
  ReferenceAnswerSchema,
  type ReferenceAnswer,
  type UpdateReferenceAnswerRequest,
} from '@lectern/contracts/homework/homework.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { referenceAnswerKey } from './homework-keys.ts';

export interface UpdateReferenceAnswerVariables {
  homeworkId: number;
  body: UpdateReferenceAnswerRequest;
}

/** `PATCH /api/homeworks/{id}/reference-answer`: replaces the text and the files. */
export function updateReferenceAnswer({
  homeworkId,
  body,
}: UpdateReferenceAnswerVariables): Promise<ReferenceAnswer> {
  return request(`/api/homeworks/${homeworkId}/reference-answer`, {
    method: 'PATCH',
    body,
    schema: ReferenceAnswerSchema,
  });
}

export function useUpdateReferenceAnswer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateReferenceAnswer,
    onSuccess: (answer, { homeworkId }) => queryClient.setQueryData(referenceAnswerKey(homeworkId), answer),
  });
}
