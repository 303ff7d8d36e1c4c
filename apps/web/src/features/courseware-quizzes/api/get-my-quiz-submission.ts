import {
  MyCoursewareQuizSubmissionResponseSchema,
  type MyCoursewareQuizSubmissionResponse,
} from '@lectern/contracts/courseware-quizzes/courseware-quizzes.schemas';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { mySubmissionQueryKey } from './courseware-quizzes-keys.ts';

/** `GET /api/courseware-quiz/quiz/{id}/my-submission`: the caller's graded answers, or null. */
export function getMyQuizSubmission(
  quizId: number,
  signal?: AbortSignal,
): Promise<MyCoursewareQuizSubmissionResponse> {
  return request(`/api/courseware-quiz/quiz/${quizId}/my-submission`, {
    schema: MyCoursewareQuizSubmissionResponseSchema,
    signal,
  });
}

export function useMyQuizSubmission(quizId: number) {
  return useQuery({
    queryKey: mySubmissionQueryKey(quizId),
    queryFn: ({ signal }) => getMyQuizSubmission(quizId, signal),
  });
}
