import { DepartmentsResponseSchema, type Department } from '@lectern/contracts/identity/identity.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';

export function departmentsQueryKey(orgId: number) {
  return ['identity', 'departments', orgId] as const;
}

export async function listDepartments(orgId: number, signal?: AbortSignal): Promise<Department[]> {
  const response = await request(`/api/orgs/${orgId}/departments`, {
    schema: DepartmentsResponseSchema,
    signal,
  });
  return response.departments;
}

export function departmentsQueryOptions(orgId: number) {
  return queryOptions({
    queryKey: departmentsQueryKey(orgId),
    queryFn: ({ signal }) => listDepartments(orgId, signal),
    // Departments change a few times a year; refetching them on every dialog open is wasted work.
    staleTime: 10 * 60_000,
  });
}

export function useDepartments(orgId: number | undefined) {
  return useQuery({ ...departmentsQueryOptions(orgId ?? 0), enabled: orgId !== undefined });
}
