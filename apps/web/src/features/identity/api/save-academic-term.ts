import {
  AcademicYearsResponseSchema,
  type AcademicYear,
  type SaveAcademicYearRequest,
  type SaveSemesterRequest,
} from '@lectern/contracts/identity/org-admin.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { academicYearsQueryKey } from './list-academic-years.ts';

/**
 * The six writes of academic years and semesters (POST/PUT/DELETE /api/orgs/{id}/academic-years[/{id}]
 * and .../semesters[/{id}]). Each answers the whole list, so one file serves them: the list is replaced
 * in the cache by whatever the server says it now is.
 */
export type AcademicTermWrite =
  | { kind: 'year'; orgId: number; id?: number; body: SaveAcademicYearRequest }
  | { kind: 'semester'; orgId: number; id?: number; body: SaveSemesterRequest }
  | { kind: 'delete-year' | 'delete-semester'; orgId: number; id: number };

export async function saveAcademicTerm(write: AcademicTermWrite): Promise<AcademicYear[]> {
  const base = `/api/orgs/${write.orgId}`;
  const collection = write.kind === 'year' || write.kind === 'delete-year' ? 'academic-years' : 'semesters';
  const url = write.id === undefined ? `${base}/${collection}` : `${base}/${collection}/${write.id}`;
  const method = write.kind.startsWith('delete') ? 'DELETE' : write.id === undefined ? 'POST' : 'PUT';
  const response = await request(url, {
    method,
    body: 'body' in write ? write.body : undefined,
    schema: AcademicYearsResponseSchema,
  });
  return response.academic_years;
}

export function useSaveAcademicTerm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAcademicTerm,
    onSuccess: (years, { orgId }) => queryClient.setQueryData(academicYearsQueryKey(orgId), years),
  });
}
