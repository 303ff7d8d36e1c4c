import { DepartmentSchema, type Department } from '@lectern/contracts/identity/identity.schemas';
import type { CreateDepartmentRequest } from '@lectern/contracts/identity/org-admin.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { departmentsQueryKey } from './list-departments.ts';

export function createDepartment({
  orgId,
  body,
}: {
  orgId: number;
  body: CreateDepartmentRequest;
}): Promise<Department> {
  return request(`/api/orgs/${orgId}/departments`, { method: 'POST', body, schema: DepartmentSchema });
}

export function useCreateDepartment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDepartment,
    onSuccess: (_department, { orgId }) =>
      queryClient.invalidateQueries({ queryKey: departmentsQueryKey(orgId) }),
  });
}
