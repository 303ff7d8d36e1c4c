import {
  EstimatesResponseSchema,
  type EstimatesResponse,
} from '@lectern/contracts/course-services/course-estimates.schemas';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { courseEstimatesKey } from './course-services-keys.ts';

/** `GET /api/course-estimates/{courseId}?page=&page_size=`. */
export function listCourseEstimates(
  courseId: number,
  page: number,
  signal?: AbortSignal,
): Promise<EstimatesResponse> {
  return request(`/api/course-estimates/${courseId}`, {
    query: { page, page_size: 10 },
    schema: EstimatesResponseSchema,
    signal,
  });
}

export function useCourseEstimates(courseId: number, page: number) {
  return useQuery({
    queryKey: [...courseEstimatesKey(courseId), page] as const,
    queryFn: ({ signal }) => listCourseEstimates(courseId, page, signal),
    placeholderData: keepPreviousData,
  });
}
