import {
  CoursewareQuizSchema,
  type CoursewareQuiz,
  type SaveCoursewareQuizRequest,
} from '@lectern/contracts/courseware-quizzes/courseware-quizzes.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { videoQuizzesQueryKey } from './courseware-quizzes-keys.ts';

/**
 * `POST /api/courseware-quiz/activity/{id}/quizzes` (a new quiz) or `PUT /api/courseware-quiz/quiz/{id}`
 * (moved or renamed).
 */
export function saveVideoQuiz(
  target: { activityId: number } | { quizId: number },
  body: SaveCoursewareQuizRequest,
): Promise<CoursewareQuiz> {
  return 'quizId' in target
    ? request(`/api/courseware-quiz/quiz/${target.quizId}`, {
        method: 'PUT',
        body,
        schema: CoursewareQuizSchema,
      })
    : request(`/api/courseware-quiz/activity/${target.activityId}/quizzes`, {
        method: 'POST',
        body,
        schema: CoursewareQuizSchema,
      });
}

export function useSaveVideoQuiz(activityId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ quizId, body }: { quizId: number | null; body: SaveCoursewareQuizRequest }) =>
      saveVideoQuiz(quizId === null ? { activityId } : { quizId }, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: videoQuizzesQueryKey(activityId) }),
  });
}
