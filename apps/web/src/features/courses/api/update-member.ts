import {
  MemberSchema,
  type Member,
  type UpdateMemberRequest,
} from '@lectern/contracts/courses/course.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { invalidateMembership } from './invalidate-membership.ts';

export interface UpdateMemberVariables {
  courseId: number;
  userId: number;
  body: UpdateMemberRequest;
}

/** Replaces the member's roles. */
export function updateMember({ courseId, userId, body }: UpdateMemberVariables): Promise<Member> {
  return request(`/api/courses/${courseId}/members/${userId}`, {
    method: 'PUT',
    body,
    schema: MemberSchema,
  });
}

export function useUpdateMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMember,
    onSuccess: (_, { courseId }) => invalidateMembership(queryClient, courseId),
  });
}
