import {
  CourseSharedFilesResponseSchema,
  type CourseSharedFilesResponse,
} from '@lectern/contracts/course-services/shared-files.schemas';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { sharedFilesKey } from './course-services-keys.ts';

export const SHARED_FILES_PAGE_SIZE = 10;

/** `GET /api/courses/{id}/shared-files?page=&page_size=`: the files instructors shared to the course. */
export function listSharedFiles(
  courseId: number,
  page: number,
  signal?: AbortSignal,
): Promise<CourseSharedFilesResponse> {
  return request(`/api/courses/${courseId}/shared-files`, {
    query: { page, page_size: SHARED_FILES_PAGE_SIZE },
    schema: CourseSharedFilesResponseSchema,
    signal,
  });
}

export function useSharedFiles(courseId: number, page: number) {
  return useQuery({
    queryKey: [...sharedFilesKey(courseId), page] as const,
    queryFn: ({ signal }) => listSharedFiles(courseId, page, signal),
    placeholderData: keepPreviousData,
  });
}
