import { GroupSchema, type Group, type UpdateGroupRequest } from '@lectern/contracts/courses/course.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { groupSetsQueryKey } from './list-group-sets.ts';

export interface UpdateGroupVariables {
  courseId: number;
  groupId: number;
  body: UpdateGroupRequest;
}

/** Renames the group and/or replaces its members and leaders; a student moves here from another group of the set. */
export function updateGroup({ groupId, body }: UpdateGroupVariables): Promise<Group> {
  return request(`/api/groups/${groupId}`, { method: 'PUT', body, schema: GroupSchema });
}

export function useUpdateGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateGroup,
    // Moving a student empties their place in another group of the set, so the whole list is refetched.
    onSuccess: (_, { courseId }) => queryClient.invalidateQueries({ queryKey: groupSetsQueryKey(courseId) }),
  });
}
