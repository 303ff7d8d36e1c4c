import {
  AuditReferenceSchema,
  type ResourceAuditVerdict,
} from '@lectern/contracts/course-services/resource-audit.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { resourceAuditKey } from './course-services-keys.ts';

export interface ReviewResourceVariables {
  courseId: number;
  uploadId: number;
  body: ResourceAuditVerdict;
}

/** `PUT /api/courses/{id}/resource-audit/{uploadId}`: agree to or reject one file. */
export function reviewResource({ courseId, uploadId, body }: ReviewResourceVariables) {
  return request(`/api/courses/${courseId}/resource-audit/${uploadId}`, {
    method: 'PUT',
    body,
    schema: AuditReferenceSchema,
  });
}

export function useReviewResource() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reviewResource,
    // Both the course's files and the course list's counts change.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: resourceAuditKey }),
  });
}
