import {
  HomeworkSubmissionSchema,
  type GiveHomeworkScoreRequest,
  type HomeworkSubmission,
} from '@lectern/contracts/homework/homework.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { homeworkKey } from './homework-keys.ts';

export interface UpdateSubmissionScoreVariables {
  homeworkId: number;
  body: GiveHomeworkScoreRequest;
}

/**
 * `PUT /api/course/activities/{id}/submission/score`: score, comment and rubric score of one submission
 * (`body.id`); the submission comes back as marked.
 */
export function updateSubmissionScore({
  homeworkId,
  body,
}: UpdateSubmissionScoreVariables): Promise<HomeworkSubmission> {
  return request(`/api/course/activities/${homeworkId}/submission/score`, {
    method: 'PUT',
    body,
    schema: HomeworkSubmissionSchema,
  });
}

export function useUpdateSubmissionScore() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSubmissionScore,
    // Mark states, totals and the score records of this homework all follow the new score.
    onSuccess: (_submission, { homeworkId }) =>
      queryClient.invalidateQueries({ queryKey: homeworkKey(homeworkId) }),
  });
}
