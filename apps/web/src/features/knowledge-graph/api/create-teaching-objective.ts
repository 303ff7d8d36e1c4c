import {
  TeachingObjectiveSchema,
  type CreateTeachingObjectiveRequest,
  type TeachingObjective,
} from '@lectern/contracts/knowledge-graph/teaching-objective.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { teachingObjectivesKey } from './knowledge-graph-keys.ts';

/** `POST /api/course/{id}/teaching-objective`: appends an objective. */
export function createTeachingObjective(
  courseId: number,
  body: CreateTeachingObjectiveRequest,
): Promise<TeachingObjective> {
  return request(`/api/course/${courseId}/teaching-objective`, {
    method: 'POST',
    body,
    schema: TeachingObjectiveSchema,
  });
}

export function useCreateTeachingObjective(courseId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateTeachingObjectiveRequest) => createTeachingObjective(courseId, body),
    onSettled: () => client.invalidateQueries({ queryKey: teachingObjectivesKey(courseId) }),
  });
}
