import {
  CourseResourceAuditResponseSchema,
  type CourseResourceAuditQuerySchema,
} from '@lectern/contracts/course-services/resource-audit.schemas';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { request } from '../../../shared/api/http-client.ts';
import { resourceAuditKey } from './course-services-keys.ts';

type Query = z.output<typeof CourseResourceAuditQuerySchema>;

/** `GET /api/courses/{id}/resource-audit`: one course's files with their verdicts. */
export function getCourseResourceAudit(courseId: number, query: Query, signal?: AbortSignal) {
  return request(`/api/courses/${courseId}/resource-audit`, {
    query,
    schema: CourseResourceAuditResponseSchema,
    signal,
  });
}

export function useCourseResourceAudit(courseId: number, query: Query) {
  return useQuery({
    queryKey: [...resourceAuditKey, 'course', courseId, query],
    queryFn: ({ signal }) => getCourseResourceAudit(courseId, query, signal),
    placeholderData: keepPreviousData,
  });
}
