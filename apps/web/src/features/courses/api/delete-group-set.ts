import { OkResponseSchema } from '@lectern/contracts/common/primitives.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { groupSetsQueryKey } from './list-group-sets.ts';

export interface DeleteGroupSetVariables {
  courseId: number;
  groupSetId: number;
}

/** Its groups and their memberships go with it. */
export function deleteGroupSet({ groupSetId }: DeleteGroupSetVariables): Promise<{ ok: true }> {
  return request(`/api/group-sets/${groupSetId}`, { method: 'DELETE', schema: OkResponseSchema });
}

export function useDeleteGroupSet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteGroupSet,
    onSuccess: (_, { courseId }) => queryClient.invalidateQueries({ queryKey: groupSetsQueryKey(courseId) }),
  });
}
