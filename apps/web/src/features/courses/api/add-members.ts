import {
  AddMembersResponseSchema,
  type AddMembersRequest,
  type Member,
} from '@lectern/contracts/courses/course.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { invalidateMembership } from './invalidate-membership.ts';

export interface AddMembersVariables {
  courseId: number;
  body: AddMembersRequest;
}

export interface AddMembersResult {
  members: Member[];
  /** User numbers that matched nobody in the organisation. */
  not_found: string[];
}

export function addMembers({ courseId, body }: AddMembersVariables): Promise<AddMembersResult> {
  return request(`/api/courses/${courseId}/members`, {
    method: 'POST',
    body,
    schema: AddMembersResponseSchema,
  });
}

export function useAddMembers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addMembers,
    onSuccess: (_, { courseId }) => invalidateMembership(queryClient, courseId),
  });
}
