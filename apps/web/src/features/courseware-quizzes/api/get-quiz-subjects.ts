import {
  CoursewareQuizSubjectsResponseSchema,
  type CoursewareQuizSubjectsResponse,
} from '@lectern/contracts/courseware-quizzes/courseware-quizzes.schemas';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { quizSubjectsQueryKey } from './courseware-quizzes-keys.ts';

/** `GET /api/courseware-quiz/quiz/{id}/subjects`: the questions without their answers. */
export function getQuizSubjects(
  quizId: number,
  signal?: AbortSignal,
): Promise<CoursewareQuizSubjectsResponse> {
  return request(`/api/courseware-quiz/quiz/${quizId}/subjects`, {
    schema: CoursewareQuizSubjectsResponseSchema,
    signal,
  });
}

export function useQuizSubjects(quizId: number) {
  return useQuery({
    queryKey: quizSubjectsQueryKey(quizId),
    queryFn: ({ signal }) => getQuizSubjects(quizId, signal),
  });
}
