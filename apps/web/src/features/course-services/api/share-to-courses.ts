import {
  ShareToCoursesResponseSchema,
  type ShareToCoursesBody,
} from '@lectern/contracts/course-services/resource-audit.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { allSharedFilesKey, resourceAuditKey } from './course-services-keys.ts';

/** `POST /api/uploads/share-to-courses`: the caller's files, to courses they teach. */
export function shareToCourses(body: ShareToCoursesBody): Promise<{ shared: number }> {
  return request('/api/uploads/share-to-courses', {
    method: 'POST',
    body,
    schema: ShareToCoursesResponseSchema,
  });
}

export function useShareToCourses() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: shareToCourses,
    // Every course named gains the files: their lists, and the files each course uses under review.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: allSharedFilesKey }),
        queryClient.invalidateQueries({ queryKey: resourceAuditKey }),
      ]),
  });
}
