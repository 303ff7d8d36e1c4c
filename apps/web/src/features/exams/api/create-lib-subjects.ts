import {
  SubjectsResponseSchema,
  type SaveSubjectsRequest,
  type Subject,
} from '@lectern/contracts/exams/subject.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { libQueryBaseKey, libsQueryKey } from './authoring-keys.ts';

/** `POST /api/subject-libs/{id}/subjects` with `subjects[]`: appended after the library's last question. */
export async function createLibSubjects(libId: number, body: SaveSubjectsRequest): Promise<Subject[]> {
  const response = await request(`/api/subject-libs/${libId}/subjects`, {
    method: 'POST',
    body,
    schema: SubjectsResponseSchema,
  });
  return response.subjects;
}

export function useCreateLibSubjects(libId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveSubjectsRequest) => createLibSubjects(libId, body),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: libQueryBaseKey(libId) });
      // The libraries page shows question counts.
      await queryClient.invalidateQueries({ queryKey: [...libsQueryKey, 'list'] });
    },
  });
}
