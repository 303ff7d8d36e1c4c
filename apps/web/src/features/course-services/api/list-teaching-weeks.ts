import {
  TeachingWeeksResponseSchema,
  type TeachingWeeksResponse,
} from '@lectern/contracts/course-services/teaching-calendar.schemas';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { teachingWeeksKey } from './course-services-keys.ts';

/** `GET /api/org/{id}/teaching-weeks?semester_id=`: the weeks of one semester. */
export function listTeachingWeeks(
  orgId: number,
  semesterId: number | undefined,
  signal?: AbortSignal,
): Promise<TeachingWeeksResponse> {
  return request(`/api/org/${orgId}/teaching-weeks`, {
    query: { semester_id: semesterId },
    schema: TeachingWeeksResponseSchema,
    signal,
  });
}

export function useTeachingWeeks(orgId: number, semesterId: number | undefined, enabled: boolean) {
  return useQuery({
    queryKey: [...teachingWeeksKey(orgId), semesterId ?? null] as const,
    queryFn: ({ signal }) => listTeachingWeeks(orgId, semesterId, signal),
    enabled,
  });
}
