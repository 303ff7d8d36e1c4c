import {
  CourseExamsResponseSchema,
  type ExamListItem,
  type ExamType,
} from '@lectern/contracts/exams/exam.schemas';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { authoringQueryKey } from './authoring-keys.ts';

export function courseExamsQueryKey(courseId: number, type: ExamType) {
  return [...authoringQueryKey, 'course', courseId, 'exams', type] as const;
}

/** `GET /api/courses/{id}/exams?type=` (key `exams`): the course's exams or classroom exams. */
export async function listCourseExams(
  courseId: number,
  type: ExamType,
  signal?: AbortSignal,
): Promise<ExamListItem[]> {
  const response = await request(`/api/courses/${courseId}/exams`, {
    query: { type },
    schema: CourseExamsResponseSchema,
    signal,
  });
  return response.exams;
}

export function useCourseExams(courseId: number | undefined, type: ExamType) {
  return useQuery({
    queryKey: courseExamsQueryKey(courseId ?? 0, type),
    queryFn: ({ signal }) => listCourseExams(courseId ?? 0, type, signal),
    enabled: courseId !== undefined,
  });
}
