import {
  CoursewareQuizSchema,
  type CoursewareQuiz,
  type PublishCoursewareQuizRequest,
} from '@lectern/contracts/courseware-quizzes/courseware-quizzes.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { videoQuizzesQueryKey } from './courseware-quizzes-keys.ts';

/** `PUT /api/courseware-quiz/quiz/{id}/publish`: students see and answer published quizzes only. */
export function publishVideoQuiz(
  quizId: number,
  body: PublishCoursewareQuizRequest,
): Promise<CoursewareQuiz> {
  return request(`/api/courseware-quiz/quiz/${quizId}/publish`, {
    method: 'PUT',
    body,
    schema: CoursewareQuizSchema,
  });
}

export function usePublishVideoQuiz(activityId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ quizId, published }: { quizId: number; published: boolean }) =>
      publishVideoQuiz(quizId, { published }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: videoQuizzesQueryKey(activityId) }),
  });
}
