import { SubjectLibDetailSchema, type SubjectLibDetail } from '@lectern/contracts/exams/subject-lib.schemas';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { libQueryBaseKey } from './authoring-keys.ts';
import type { SubjectFilter } from './list-paper-subjects.ts';

export function subjectLibQueryKey(libId: number, filter: SubjectFilter) {
  return [...libQueryBaseKey(libId), filter.keyword ?? '', filter.subjectType ?? ''] as const;
}

/** `GET /api/subject-libs/{id}?keyword=&subject_type=`: the library with its (filtered) questions. */
export function getSubjectLib(
  libId: number,
  filter: SubjectFilter,
  signal?: AbortSignal,
): Promise<SubjectLibDetail> {
  return request(`/api/subject-libs/${libId}`, {
    query: { keyword: filter.keyword?.trim() || undefined, subject_type: filter.subjectType },
    schema: SubjectLibDetailSchema,
    signal,
  });
}

export function useSubjectLib(libId: number | null, filter: SubjectFilter = {}) {
  return useQuery({
    queryKey: subjectLibQueryKey(libId ?? 0, filter),
    queryFn: ({ signal }) => getSubjectLib(libId ?? 0, filter, signal),
    enabled: libId !== null,
    placeholderData: keepPreviousData,
  });
}
