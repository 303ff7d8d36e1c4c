import { type TransferSubjectsRequest } from '@lectern/contracts/exams/subject-lib.schemas';
import { SubjectsResponseSchema, type Subject } from '@lectern/contracts/exams/subject.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { libsQueryKey } from './authoring-keys.ts';

export interface TransferLibSubjectsVariables {
  libId: number;
  /** move takes them out of this library; copy leaves them here too. */
  mode: 'move' | 'copy';
  body: TransferSubjectsRequest;
}

/** `POST /api/subject-libs/{id}/subjects/move` or `/subjects/copy`: selected questions into another library. */
export async function transferLibSubjects({
  libId,
  mode,
  body,
}: TransferLibSubjectsVariables): Promise<Subject[]> {
  const response = await request(`/api/subject-libs/${libId}/subjects/${mode}`, {
    method: 'POST',
    body,
    schema: SubjectsResponseSchema,
  });
  return response.subjects;
}

export function useTransferLibSubjects() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: transferLibSubjects,
    // Both libraries' lists and every count change.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: libsQueryKey }),
  });
}
