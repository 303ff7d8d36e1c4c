import {
  SubjectLibSchema,
  type CreateSubjectLibRequest,
  type SubjectLib,
} from '@lectern/contracts/exams/subject-lib.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { libsQueryKey } from './authoring-keys.ts';
import type { LibScope } from './list-subject-libs.ts';

export interface CreateSubjectLibVariables {
  scope: LibScope;
  /** Spec 000 section 5: only exam libraries and folders are created here. */
  libType: 'exam' | 'folder';
  body: CreateSubjectLibRequest;
}

/**
 * `POST /api/subject-libs?lib_type=` (personal) or `POST /api/course/{id}/subject-libs?lib_type=exam|folder`
 * with `{title, parent_id}`.
 */
export function createSubjectLib({ scope, libType, body }: CreateSubjectLibVariables): Promise<SubjectLib> {
  const path = scope === 'mine' ? '/api/subject-libs' : `/api/course/${scope.courseId}/subject-libs`;
  return request(path, { method: 'POST', query: { lib_type: libType }, body, schema: SubjectLibSchema });
}

export function useCreateSubjectLib() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSubjectLib,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: libsQueryKey }),
  });
}
