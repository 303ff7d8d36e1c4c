import {
  GroupSetSchema,
  type GroupSet,
  type UpdateGroupSetRequest,
} from '@lectern/contracts/courses/course.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { groupSetsQueryKey } from './list-group-sets.ts';

export interface UpdateGroupSetVariables {
  courseId: number;
  groupSetId: number;
  body: UpdateGroupSetRequest;
}

export function updateGroupSet({ groupSetId, body }: UpdateGroupSetVariables): Promise<GroupSet> {
  return request(`/api/group-sets/${groupSetId}`, { method: 'PUT', body, schema: GroupSetSchema });
}

export function useUpdateGroupSet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateGroupSet,
    onSuccess: (_, { courseId }) => queryClient.invalidateQueries({ queryKey: groupSetsQueryKey(courseId) }),
  });
}
