import {
  TeachingCalendarsResponseSchema,
  type TeachingCalendarsResponse,
} from '@lectern/contracts/course-services/teaching-calendar.schemas';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { teachingCalendarKey } from './course-services-keys.ts';

/** `GET /api/course/{id}/teaching-calendars`. */
export function listTeachingCalendars(
  courseId: number,
  signal?: AbortSignal,
): Promise<TeachingCalendarsResponse> {
  return request(`/api/course/${courseId}/teaching-calendars`, {
    schema: TeachingCalendarsResponseSchema,
    signal,
  });
}

export function useTeachingCalendars(courseId: number) {
  return useQuery({
    queryKey: teachingCalendarKey(courseId),
    queryFn: ({ signal }) => listTeachingCalendars(courseId, signal),
  });
}
