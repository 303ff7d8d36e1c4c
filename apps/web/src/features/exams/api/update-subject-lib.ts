import {
  SubjectLibSchema,
  type SubjectLib,
  type UpdateSubjectLibRequest,
} from '@lectern/contracts/exams/subject-lib.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { libsQueryKey } from './authoring-keys.ts';

export interface UpdateSubjectLibVariables {
  id: number;
  body: UpdateSubjectLibRequest;
}

/** `PUT /api/subject-libs/{id}`: rename, and/or move into a folder (`parent_id` null: to the top). */
export function updateSubjectLib({ id, body }: UpdateSubjectLibVariables): Promise<SubjectLib> {
  return request(`/api/subject-libs/${id}`, { method: 'PUT', body, schema: SubjectLibSchema });
}

export function useUpdateSubjectLib() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSubjectLib,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: libsQueryKey }),
  });
}
