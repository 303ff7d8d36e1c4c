import {
  CoursewareQuizDeletedSchema,
  type CoursewareQuizDeleted,
} from '@lectern/contracts/courseware-quizzes/courseware-quizzes.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { videoQuizzesQueryKey } from './courseware-quizzes-keys.ts';

/** `DELETE /api/courseware-quiz/quiz/{id}`: refused (409) once a student has answered. */
export function deleteVideoQuiz(quizId: number): Promise<CoursewareQuizDeleted> {
  return request(`/api/courseware-quiz/quiz/${quizId}`, {
    method: 'DELETE',
    schema: CoursewareQuizDeletedSchema,
  });
}

export function useDeleteVideoQuiz(activityId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteVideoQuiz,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: videoQuizzesQueryKey(activityId) }),
  });
}
