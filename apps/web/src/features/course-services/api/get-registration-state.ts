import {
  RegistrationStateResponseSchema,
  type RegistrationStateResponse,
} from '@lectern/contracts/course-services/course-registration.schemas';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { registrationStateKey } from './course-services-keys.ts';

/**
 * `GET /api/course/{id}/registration-state` for a signed-in user, or its `/anonymous-api` twin for a
 * visitor (who is nobody's member, so a public course reads as it would to a newcomer).
 */
export function getRegistrationState(
  courseId: number,
  as: 'member' | 'visitor',
  signal?: AbortSignal,
): Promise<RegistrationStateResponse> {
  const prefix = as === 'member' ? '/api' : '/anonymous-api';
  return request(`${prefix}/course/${courseId}/registration-state`, {
    schema: RegistrationStateResponseSchema,
    signal,
  });
}

export function useRegistrationState(courseId: number, as: 'member' | 'visitor' | null) {
  return useQuery({
    queryKey: registrationStateKey(courseId, as ?? 'visitor'),
    queryFn: ({ signal }) => getRegistrationState(courseId, as ?? 'visitor', signal),
    enabled: as !== null,
  });
}
