import { OkResponseSchema } from '@lectern/contracts/common/primitives.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { groupSetsQueryKey } from './list-group-sets.ts';

export interface DeleteGroupVariables {
  courseId: number;
  groupId: number;
}

export function deleteGroup({ groupId }: DeleteGroupVariables): Promise<{ ok: true }> {
  return request(`/api/groups/${groupId}`, { method: 'DELETE', schema: OkResponseSchema });
}

export function useDeleteGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteGroup,
    onSuccess: (_, { courseId }) => queryClient.invalidateQueries({ queryKey: groupSetsQueryKey(courseId) }),
  });
}
