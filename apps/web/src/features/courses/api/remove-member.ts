import { OkResponseSchema } from '@lectern/contracts/common/primitives.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { invalidateMembership } from './invalidate-membership.ts';

export interface RemoveMemberVariables {
  courseId: number;
  userId: number;
}

/** Also takes the member out of the course's groups. */
export function removeMember({ courseId, userId }: RemoveMemberVariables): Promise<{ ok: true }> {
  return request(`/api/courses/${courseId}/members/${userId}`, {
    method: 'DELETE',
    schema: OkResponseSchema,
  });
}

export function useRemoveMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeMember,
    onSuccess: (_, { courseId }) => invalidateMembership(queryClient, courseId),
  });
}
