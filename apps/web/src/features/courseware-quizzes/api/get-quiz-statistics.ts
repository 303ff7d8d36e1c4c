import {
  CoursewareQuizStatisticsSchema,
  type CoursewareQuizStatistics,
} from '@lectern/contracts/courseware-quizzes/courseware-quizzes.schemas';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { quizStatisticsQueryKey } from './courseware-quizzes-keys.ts';

/** `GET /api/courseware-quiz/quiz/{id}/statistics` (teaching team): answers per question and option. */
export function getQuizStatistics(quizId: number, signal?: AbortSignal): Promise<CoursewareQuizStatistics> {
  return request(`/api/courseware-quiz/quiz/${quizId}/statistics`, {
    schema: CoursewareQuizStatisticsSchema,
    signal,
  });
}

export function useQuizStatistics(quizId: number) {
  return useQuery({
    queryKey: quizStatisticsQueryKey(quizId),
    queryFn: ({ signal }) => getQuizStatistics(quizId, signal),
  });
}
