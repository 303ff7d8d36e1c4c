import {
  TeachingEntryResponseSchema,
  type SaveTeachingEntryRequest,
  type TeachingEntry,
} from '@lectern/contracts/course-services/teaching-calendar.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { teachingCalendarKey } from './course-services-keys.ts';

/** `POST /api/course/{id}/teaching-calendar` (new) or `PUT /api/teaching-calendar/{entryId}`. */
export async function saveTeachingCalendar(
  courseId: number,
  entryId: number | null,
  body: SaveTeachingEntryRequest,
): Promise<TeachingEntry> {
  const response = await request(
    entryId === null ? `/api/course/${courseId}/teaching-calendar` : `/api/teaching-calendar/${entryId}`,
    { method: entryId === null ? 'POST' : 'PUT', body, schema: TeachingEntryResponseSchema },
  );
  return response.teaching_calendar;
}

export function useSaveTeachingCalendar(courseId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ entryId, body }: { entryId: number | null; body: SaveTeachingEntryRequest }) =>
      saveTeachingCalendar(courseId, entryId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teachingCalendarKey(courseId) }),
  });
}
