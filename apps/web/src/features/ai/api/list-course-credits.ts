import { CourseCreditPageSchema, type CourseCreditPage } from '@lectern/contracts/ai/ai.schemas';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { courseCreditsQueryKey, type ListParams } from './ai-keys.ts';

/** `GET /api/ai/course-credits` (administrators): the organisation's courses with their credit, paged. */
export function listCourseCredits(params: ListParams, signal?: AbortSignal): Promise<CourseCreditPage> {
  return request('/api/ai/course-credits', { query: params, schema: CourseCreditPageSchema, signal });
}

export function useCourseCredits(params: ListParams) {
  return useQuery({
    queryKey: [...courseCreditsQueryKey, params],
    queryFn: ({ signal }) => listCourseCredits(params, signal),
    placeholderData: keepPreviousData,
  });
}
