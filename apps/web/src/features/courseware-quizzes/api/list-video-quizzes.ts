import {
  CoursewareQuizzesResponseSchema,
  type CoursewareQuizzesResponse,
} from '@lectern/contracts/courseware-quizzes/courseware-quizzes.schemas';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { videoQuizzesQueryKey } from './courseware-quizzes-keys.ts';

/** `GET /api/courseware-quiz/activity/{id}/quizzes`: the video's quizzes in playing order. */
export function listVideoQuizzes(
  activityId: number,
  signal?: AbortSignal,
): Promise<CoursewareQuizzesResponse> {
  return request(`/api/courseware-quiz/activity/${activityId}/quizzes`, {
    schema: CoursewareQuizzesResponseSchema,
    signal,
  });
}

export function useVideoQuizzes(activityId: number) {
  return useQuery({
    queryKey: videoQuizzesQueryKey(activityId),
    queryFn: ({ signal }) => listVideoQuizzes(activityId, signal),
  });
}
