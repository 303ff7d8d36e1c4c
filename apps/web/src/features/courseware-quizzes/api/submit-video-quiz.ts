import {
  CoursewareQuizSubmissionSchema,
  type CoursewareQuizSubmission,
  type CoursewareQuizzesResponse,
  type MyCoursewareQuizSubmissionResponse,
  type SubmitCoursewareQuizRequest,
} from '@lectern/contracts/courseware-quizzes/courseware-quizzes.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { mySubmissionQueryKey, videoQuizzesQueryKey } from './courseware-quizzes-keys.ts';

/** `POST /api/courseware-quiz/quiz/{id}/submissions`: handed in once, graded at once. */
export function submitVideoQuiz(
  quizId: number,
  body: SubmitCoursewareQuizRequest,
): Promise<CoursewareQuizSubmission> {
  return request(`/api/courseware-quiz/quiz/${quizId}/submissions`, {
    method: 'POST',
    body,
    schema: CoursewareQuizSubmissionSchema,
  });
}

export function useSubmitVideoQuiz(activityId: number, quizId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SubmitCoursewareQuizRequest) => submitVideoQuiz(quizId, body),
    onSuccess: (submission) => {
      queryClient.setQueryData<MyCoursewareQuizSubmissionResponse>(mySubmissionQueryKey(quizId), {
        submission,
      });
      // Marked answered at once, so the player does not stop here again.
      queryClient.setQueryData<CoursewareQuizzesResponse>(videoQuizzesQueryKey(activityId), (list) =>
        list
          ? { ...list, quizzes: list.quizzes.map((q) => (q.id === quizId ? { ...q, submitted: true } : q)) }
          : list,
      );
    },
  });
}
