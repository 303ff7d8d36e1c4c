import {
  ResourceAuditCoursesResponseSchema,
  type ResourceAuditCoursesQuerySchema,
} from '@lectern/contracts/course-services/resource-audit.schemas';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { request } from '../../../shared/api/http-client.ts';
import { resourceAuditKey } from './course-services-keys.ts';

type Query = z.output<typeof ResourceAuditCoursesQuerySchema>;

/** `GET /api/courses/statistic/resource-audit`: the organisation's courses that use files. */
export function listResourceAuditCourses(query: Query, signal?: AbortSignal) {
  return request('/api/courses/statistic/resource-audit', {
    query,
    schema: ResourceAuditCoursesResponseSchema,
    signal,
  });
}

export function useResourceAuditCourses(query: Query) {
  return useQuery({
    queryKey: [...resourceAuditKey, 'courses', query],
    queryFn: ({ signal }) => listResourceAuditCourses(query, signal),
    placeholderData: keepPreviousData,
  });
}
