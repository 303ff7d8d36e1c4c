import {
  AuditReferenceSchema,
  CourseResourceAuditResponseSchema,
  ResourceAuditCoursesResponseSchema,
  type AuditStatus,
  type ResourceAuditVerdict,
} from '@lectern/contracts/course-services/resource-audit.schemas';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';

const auditKey = ['course-services', 'resource-audit'] as const;

export type AuditFilter = {
  page: number;
  page_size: number;
  keyword: string;
  audit_status: AuditStatus | null;
};

function query(filter: AuditFilter, extra: Record<string, string> = {}): string {
  const conditions: Record<string, string> = {};
  if (filter.keyword.trim() !== '') conditions.keyword = filter.keyword.trim();
  if (filter.audit_status !== null) conditions.audit_status = filter.audit_status;
  return new URLSearchParams({
    page: String(filter.page),
    page_size: String(filter.page_size),
    conditions: JSON.stringify(conditions),
    ...extra,
  }).toString();
}

/** `GET /api/courses/statistic/resource-audit`: the organisation's courses that use files. */
export function useResourceAuditCourses(filter: AuditFilter) {
  return useQuery({
    queryKey: [...auditKey, 'courses', filter],
    queryFn: ({ signal }) =>
      request(`/api/courses/statistic/resource-audit?${query(filter, { include_children_tenant: '1' })}`, {
        schema: ResourceAuditCoursesResponseSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** `GET /api/courses/{id}/resource-audit`: one course's files with their verdicts. */
export function useCourseResourceAudit(courseId: number, filter: AuditFilter) {
  return useQuery({
    queryKey: [...auditKey, 'course', courseId, filter],
    queryFn: ({ signal }) =>
      request(`/api/courses/${courseId}/resource-audit?${query(filter)}`, {
        schema: CourseResourceAuditResponseSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** `PUT /api/courses/{id}/resource-audit/{uploadId}`: agree to or reject one file. */
export function useReviewResource() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      courseId,
      uploadId,
      body,
    }: {
      courseId: number;
      uploadId: number;
      body: ResourceAuditVerdict;
    }) =>
      request(`/api/courses/${courseId}/resource-audit/${uploadId}`, {
        method: 'PUT',
        body,
        schema: AuditReferenceSchema,
      }),
    // Both the course's files and the course list's counts change.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: auditKey }),
  });
}
