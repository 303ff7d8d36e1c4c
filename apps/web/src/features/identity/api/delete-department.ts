import { OkResponseSchema } from '@lectern/contracts/common/primitives.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { departmentsQueryKey } from './list-departments.ts';

export function deleteDepartment({ orgId, id }: { orgId: number; id: number }) {
  return request(`/api/orgs/${orgId}/departments/${id}`, { method: 'DELETE', schema: OkResponseSchema });
}

export function useDeleteDepartment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDepartment,
    onSuccess: (_ok, { orgId }) => queryClient.invalidateQueries({ queryKey: departmentsQueryKey(orgId) }),
  });
}
