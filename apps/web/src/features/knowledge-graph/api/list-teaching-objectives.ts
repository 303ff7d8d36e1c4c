import {
  TeachingObjectivesResponseSchema,
  type TeachingObjectivesResponse,
} from '@lectern/contracts/knowledge-graph/teaching-objective.schemas';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { teachingObjectivesKey } from './knowledge-graph-keys.ts';

/** `GET /api/course/{id}/teaching-objective`: the course's teaching objectives, in order. */
export function listTeachingObjectives(
  courseId: number,
  signal?: AbortSignal,
): Promise<TeachingObjectivesResponse> {
  return request(`/api/course/${courseId}/teaching-objective`, {
    schema: TeachingObjectivesResponseSchema,
    signal,
  });
}

export function useTeachingObjectives(courseId: number) {
  return useQuery({
    queryKey: teachingObjectivesKey(courseId),
    queryFn: ({ signal }) => listTeachingObjectives(courseId, signal),
  });
}
