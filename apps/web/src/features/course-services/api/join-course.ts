import {
  RegistrationStateResponseSchema,
  type RegistrationStateResponse,
} from '@lectern/contracts/course-services/course-registration.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { registrationStateKey } from './course-services-keys.ts';

/** `GET /api/course/{id}/join`: the caller becomes a student when the course's rules allow it. */
export function joinCourse(courseId: number): Promise<RegistrationStateResponse> {
  return request(`/api/course/${courseId}/join`, { schema: RegistrationStateResponseSchema });
}

export function useJoinCourse(courseId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => joinCourse(courseId),
    onSuccess: (state) => queryClient.setQueryData(registrationStateKey(courseId, 'member'), state),
    // A refusal (full, closed meanwhile) means what we showed is stale: read it again.
    onError: () => queryClient.invalidateQueries({ queryKey: registrationStateKey(courseId, 'member') }),
  });
}
