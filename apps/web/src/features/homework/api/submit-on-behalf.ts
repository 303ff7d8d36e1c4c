import {
  HomeworkSubmissionSchema,
  type HomeworkSubmission,
  type SubmitOnBehalfRequest,
} from '@lectern/contracts/homework/homework.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { homeworkKey } from './homework-keys.ts';

export interface SubmitOnBehalfVariables {
  homeworkId: number;
  body: SubmitOnBehalfRequest;
}

/** `POST /api/homework/{id}/submit-on-behalf`: the instructor hands in for a student (or group); the new version comes back. */
export function submitOnBehalf({ homeworkId, body }: SubmitOnBehalfVariables): Promise<HomeworkSubmission> {
  return request(`/api/homework/${homeworkId}/submit-on-behalf`, {
    method: 'POST',
    body,
    schema: HomeworkSubmissionSchema,
  });
}

export function useSubmitOnBehalf() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitOnBehalf,
    onSuccess: (_result, { homeworkId }) =>
      queryClient.invalidateQueries({ queryKey: homeworkKey(homeworkId) }),
  });
}
