import { OkResponseSchema } from '@lectern/contracts/common/primitives.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { teachingCalendarKey } from './course-services-keys.ts';

/** `DELETE /api/teaching-calendar/{id}`. */
export async function deleteTeachingCalendar(entryId: number): Promise<void> {
  await request(`/api/teaching-calendar/${entryId}`, { method: 'DELETE', schema: OkResponseSchema });
}

export function useDeleteTeachingCalendar(courseId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTeachingCalendar,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teachingCalendarKey(courseId) }),
  });
}
