import { SubjectLibsResponseSchema, type SubjectLibNode } from '@lectern/contracts/exams/subject-lib.schemas';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { libsQueryKey } from './authoring-keys.ts';

/** Whose libraries: the viewer's personal ones, or a course's. */
export type LibScope = { courseId: number } | 'mine';

export function libScopeKey(scope: LibScope) {
  return [...libsQueryKey, 'list', scope === 'mine' ? 'mine' : `course-${scope.courseId}`] as const;
}

export function subjectLibsQueryKey(scope: LibScope, withFolder: boolean) {
  return [...libScopeKey(scope), withFolder ? 'tree' : 'flat'] as const;
}

/**
 * `GET /api/subject-libs?with_folder=0|1` or `GET /api/course/{id}/subject-libs?with_folder=`: with
 * folders, the tree (folders with what they hold); without, every question library in one flat list.
 */
export async function listSubjectLibs(
  scope: LibScope,
  withFolder: boolean,
  signal?: AbortSignal,
): Promise<SubjectLibNode[]> {
  const path = scope === 'mine' ? '/api/subject-libs' : `/api/course/${scope.courseId}/subject-libs`;
  const response = await request(path, {
    query: { with_folder: withFolder ? 1 : 0 },
    schema: SubjectLibsResponseSchema,
    signal,
  });
  return response.subject_libs;
}

export function useSubjectLibs(scope: LibScope, withFolder: boolean, enabled = true) {
  return useQuery({
    queryKey: subjectLibsQueryKey(scope, withFolder),
    queryFn: ({ signal }) => listSubjectLibs(scope, withFolder, signal),
    enabled,
  });
}
