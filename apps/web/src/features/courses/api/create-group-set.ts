import {
  GroupSetSchema,
  type CreateGroupSetRequest,
  type GroupSet,
} from '@lectern/contracts/courses/course.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { groupSetsQueryKey } from './list-group-sets.ts';

export interface CreateGroupSetVariables {
  courseId: number;
  body: CreateGroupSetRequest;
}

export function createGroupSet({ courseId, body }: CreateGroupSetVariables): Promise<GroupSet> {
  return request(`/api/courses/${courseId}/group-sets`, { method: 'POST', body, schema: GroupSetSchema });
}

export function useCreateGroupSet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createGroupSet,
    onSuccess: (_, { courseId }) => queryClient.invalidateQueries({ queryKey: groupSetsQueryKey(courseId) }),
  });
}
