import { DepartmentSchema, type Department } from '@lectern/contracts/identity/identity.schemas';
import type { UpdateDepartmentRequest } from '@lectern/contracts/identity/org-admin.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { usersQueryKey } from './list-users.ts';
import { departmentsQueryKey } from './list-departments.ts';

export function updateDepartment({
  orgId,
  id,
  body,
}: {
  orgId: number;
  id: number;
  body: UpdateDepartmentRequest;
}): Promise<Department> {
  return request(`/api/orgs/${orgId}/departments/${id}`, { method: 'PUT', body, schema: DepartmentSchema });
}

export function useUpdateDepartment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDepartment,
    // The user list shows department names.
    onSuccess: (_department, { orgId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: departmentsQueryKey(orgId) }),
        queryClient.invalidateQueries({ queryKey: usersQueryKey }),
      ]),
  });
}
