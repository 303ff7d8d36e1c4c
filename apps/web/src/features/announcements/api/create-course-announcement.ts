import {
  AnnouncementSchema,
  type Announcement,
  type AnnouncementInput,
} from '@lectern/contracts/announcements/announcements.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { courseAnnouncementsQueryKey } from './announcements-keys.ts';

/** `POST /api/courses/{id}/announcements` (201). */
export function createCourseAnnouncement(courseId: number, body: AnnouncementInput): Promise<Announcement> {
  return request(`/api/courses/${courseId}/announcements`, {
    method: 'POST',
    body,
    schema: AnnouncementSchema,
  });
}

export function useCreateCourseAnnouncement(courseId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AnnouncementInput) => createCourseAnnouncement(courseId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: courseAnnouncementsQueryKey(courseId) }),
  });
}
