import {
  AcademicYearsResponseSchema,
  type AcademicYear,
} from '@lectern/contracts/identity/org-admin.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';

export function academicYearsQueryKey(orgId: number) {
  return ['identity', 'academic-years', orgId] as const;
}

export async function listAcademicYears(orgId: number, signal?: AbortSignal): Promise<AcademicYear[]> {
  const response = await request(`/api/orgs/${orgId}/academic-years`, {
    schema: AcademicYearsResponseSchema,
    signal,
  });
  return response.academic_years;
}

export function useAcademicYears(orgId: number) {
  return useQuery(
    queryOptions({
      queryKey: academicYearsQueryKey(orgId),
      queryFn: ({ signal }) => listAcademicYears(orgId, signal),
    }),
  );
}
