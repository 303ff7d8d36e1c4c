import { ExamSchema, type Exam } from '@lectern/contracts/exams/exam.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { paperBaseKey, paperPath, type PaperRef } from './authoring-keys.ts';

export function examQueryKey(paper: Pick<PaperRef, 'kind' | 'id'>) {
  return [...paperBaseKey(paper), 'exam'] as const;
}

/** `GET /api/exams/{id}` or `GET /api/classroom-exams/{id}`: the exam with its settings and paper state. */
export function getExam(paper: Pick<PaperRef, 'kind' | 'id'>, signal?: AbortSignal): Promise<Exam> {
  return request(paperPath(paper), { schema: ExamSchema, signal });
}

export function examQueryOptions(paper: Pick<PaperRef, 'kind' | 'id'>) {
  return queryOptions({ queryKey: examQueryKey(paper), queryFn: ({ signal }) => getExam(paper, signal) });
}

export function useExam(paper: Pick<PaperRef, 'kind' | 'id'>) {
  return useQuery(examQueryOptions(paper));
}
