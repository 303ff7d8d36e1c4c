import {
  AnnouncementsResponseSchema,
  type AnnouncementsResponse,
} from '@lectern/contracts/announcements/announcements.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { courseAnnouncementsQueryKey } from './announcements-keys.ts';

/** `GET /api/courses/{id}/announcements`: what the caller may see, pinned first, with their unread count. */
export function listCourseAnnouncements(
  courseId: number,
  signal?: AbortSignal,
): Promise<AnnouncementsResponse> {
  return request(`/api/courses/${courseId}/announcements`, { schema: AnnouncementsResponseSchema, signal });
}

export function courseAnnouncementsQueryOptions(courseId: number) {
  return queryOptions({
    queryKey: courseAnnouncementsQueryKey(courseId),
    queryFn: ({ signal }) => listCourseAnnouncements(courseId, signal),
  });
}

export function useCourseAnnouncements(courseId: number) {
  return useQuery(courseAnnouncementsQueryOptions(courseId));
}
