import { PointsResponseSchema } from '@lectern/contracts/exams/exam.schemas';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { makeupQuery, pointsPath, type ImportTarget } from './import-target.ts';

export const dataImportQueryKey = ['data-import'] as const;

export interface PaperPoints {
  /** What the paper's questions already use. */
  used: number;
  /** What they may use in all: the exam's total points. */
  total: number;
}

/** An exam's or classroom exam's points (`GET /api/exams/{id}/points`, `/api/classrooms/{id}/points`). */
export async function getPaperPoints(
  target: ImportTarget,
  signal?: AbortSignal,
): Promise<PaperPoints | null> {
  const path = pointsPath(target);
  if (path === null) return null;
  const response = await request(path, { query: makeupQuery(target), schema: PointsResponseSchema, signal });
  return { used: response.points, total: response.total_points };
}

/** Libraries have no points limit, so nothing is asked for them. */
export function usePaperPoints(target: ImportTarget) {
  return useQuery({
    queryKey: [...dataImportQueryKey, 'points', target.belong, target.id, target.isMakeup],
    queryFn: ({ signal }) => getPaperPoints(target, signal),
    enabled: target.belong !== 'library',
  });
}
