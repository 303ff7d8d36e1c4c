import {
  CourseAskQuestionsResponseSchema,
  type CourseAskQuestionsResponse,
} from '@lectern/contracts/ask-questions/ask-questions.schemas';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { courseAskQuestionsQueryKey } from './ask-questions-keys.ts';

/** `GET /api/courses/{id}/ask-questions`: the course's questions, newest first, with their current draw. */
export function listCourseAskQuestions(
  courseId: number,
  signal?: AbortSignal,
): Promise<CourseAskQuestionsResponse> {
  return request(`/api/courses/${courseId}/ask-questions`, {
    schema: CourseAskQuestionsResponseSchema,
    signal,
  });
}

export function useCourseAskQuestions(courseId: number) {
  return useQuery({
    queryKey: courseAskQuestionsQueryKey(courseId),
    queryFn: ({ signal }) => listCourseAskQuestions(courseId, signal),
  });
}
