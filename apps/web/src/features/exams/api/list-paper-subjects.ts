import {
  SubjectsResponseSchema,
  type Subject,
  type SubjectType,
} from '@lectern/contracts/exams/subject.schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { makeupQuery, paperPath, paperSubjectsBaseKey, type PaperRef } from './authoring-keys.ts';

export interface SubjectFilter {
  keyword?: string | undefined;
  subjectType?: SubjectType | undefined;
}

export function paperSubjectsQueryKey(paper: PaperRef, filter: SubjectFilter) {
  return [...paperSubjectsBaseKey(paper), filter.keyword ?? '', filter.subjectType ?? ''] as const;
}

/**
 * `GET /api/exams/{id}/subjects?keyword=&is_makeup_exam=&subject_type=` (subject_type omitted for all), or
 * the classroom exam's equivalent: the paper's questions in order, answers included.
 */
export async function listPaperSubjects(
  paper: PaperRef,
  filter: SubjectFilter,
  signal?: AbortSignal,
): Promise<Subject[]> {
  const response = await request(`${paperPath(paper)}/subjects`, {
    query: {
      keyword: filter.keyword?.trim() || undefined,
      subject_type: filter.subjectType,
      ...makeupQuery(paper),
    },
    schema: SubjectsResponseSchema,
    signal,
  });
  return response.subjects;
}

export function paperSubjectsQueryOptions(paper: PaperRef, filter: SubjectFilter) {
  return queryOptions({
    queryKey: paperSubjectsQueryKey(paper, filter),
    queryFn: ({ signal }) => listPaperSubjects(paper, filter, signal),
    // A new search keeps the current list on screen until its answer arrives.
    placeholderData: keepPreviousData,
  });
}

export function usePaperSubjects(paper: PaperRef, filter: SubjectFilter) {
  return useQuery(paperSubjectsQueryOptions(paper, filter));
}
