import {
  StudentStatsResponseSchema,
  type StudentStatType,
} from '@lectern/contracts/course-services/student-stats.schemas';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { studentStatsKey } from './course-services-keys.ts';

export interface StudentStatsParams {
  courseIds: readonly number[];
  startDate: string;
  endDate: string;
  statType: StudentStatType;
  /** The zone whose days are counted: the browser's. */
  timezone: string;
}

/** `GET /api/courses/tpdoe/stat-students`: what the students of these courses did per day. */
export function getStudentStats(params: StudentStatsParams, signal?: AbortSignal) {
  return request('/api/courses/tpdoe/stat-students', {
    query: {
      course_ids: params.courseIds.join(','),
      start_date: params.startDate,
      end_date: params.endDate,
      stat_type: params.statType,
      conditions: { timezone: params.timezone },
    },
    schema: StudentStatsResponseSchema,
    signal,
  });
}

/** Asks only once at least one course is chosen. */
export function useStudentStats(params: StudentStatsParams) {
  return useQuery({
    queryKey: [...studentStatsKey, params],
    queryFn: ({ signal }) => getStudentStats(params, signal),
    enabled: params.courseIds.length > 0,
    placeholderData: keepPreviousData,
  });
}
