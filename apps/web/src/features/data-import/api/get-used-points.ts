import { PointsResponseSchema } from '@lectern/contracts/exams/exam.schemas';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { makeupQuery, pointsPath, type ImportTarget } from './import-target.ts';

export const dataImportQueryKey = ['data-import'] as const;

/** Points the target's questions already use (`GET /api/exams/{id}/points`, `/api/classrooms/{id}/points`). */
export async function getUsedPoints(target: ImportTarget, signal?: AbortSignal): Promise<number> {
  const path = pointsPath(target);
  if (path === null) return 0;
  const response = await request(path, { query: makeupQuery(target), schema: PointsResponseSchema, signal });
  return response.points;
}

/** Libraries have no points limit, so nothing is asked for them. */
export function useUsedPoints(target: ImportTarget) {
  return useQuery({
    queryKey: [...dataImportQueryKey, 'points', target.belong, target.id, target.isMakeup],
    queryFn: ({ signal }) => getUsedPoints(target, signal),
    enabled: target.belong !== 'library',
  });
}
