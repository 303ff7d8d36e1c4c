import { GroupSchema, type CreateGroupRequest, type Group } from '@lectern/contracts/courses/course.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { groupSetsQueryKey } from './list-group-sets.ts';

export interface CreateGroupVariables {
  courseId: number;
  groupSetId: number;
  body: CreateGroupRequest;
}

export function createGroup({ groupSetId, body }: CreateGroupVariables): Promise<Group> {
  return request(`/api/group-sets/${groupSetId}/groups`, { method: 'POST', body, schema: GroupSchema });
}

export function useCreateGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createGroup,
    onSuccess: (_, { courseId }) => queryClient.invalidateQueries({ queryKey: groupSetsQueryKey(courseId) }),
  });
}
