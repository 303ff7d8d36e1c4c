import { PointsResponseSchema, type PointsResponse } from '@lectern/contracts/exams/exam.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { makeupQuery, paperPointsKey, type PaperRef } from './authoring-keys.ts';

/**
 * Points the paper's questions already use and the exam's total: `GET /api/exams/{id}/points` (spec 000
 * section 7) or, for a classroom exam, `GET /api/classrooms/{id}/points`.
 */
export async function getPaperPoints(paper: PaperRef, signal?: AbortSignal): Promise<PointsResponse> {
  const path = paper.kind === 'exam' ? `/api/exams/${paper.id}/points` : `/api/classrooms/${paper.id}/points`;
  return request(path, { query: makeupQuery(paper), schema: PointsResponseSchema, signal });
}

export function paperPointsQueryOptions(paper: PaperRef) {
  return queryOptions({
    queryKey: paperPointsKey(paper),
    queryFn: ({ signal }) => getPaperPoints(paper, signal),
  });
}

/** The points the paper's questions already use. */
export function usePaperPoints(paper: PaperRef) {
  return useQuery({ ...paperPointsQueryOptions(paper), select: (response) => response.points });
}
