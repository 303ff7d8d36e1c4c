import {
  DeleteTeachingObjectivesResponseSchema,
  type DeleteTeachingObjectivesRequest,
} from '@lectern/contracts/knowledge-graph/teaching-objective.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { request } from '../../../shared/api/http-client.ts';
import { teachingObjectivesKey } from './knowledge-graph-keys.ts';

/** `POST /api/course/{id}/teaching-objective/delete`. */
export function deleteTeachingObjectives(
  courseId: number,
  body: DeleteTeachingObjectivesRequest,
): Promise<z.infer<typeof DeleteTeachingObjectivesResponseSchema>> {
  return request(`/api/course/${courseId}/teaching-objective/delete`, {
    method: 'POST',
    body,
    schema: DeleteTeachingObjectivesResponseSchema,
  });
}

export function useDeleteTeachingObjectives(courseId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => deleteTeachingObjectives(courseId, { teaching_objective_ids: ids }),
    onSettled: () => client.invalidateQueries({ queryKey: teachingObjectivesKey(courseId) }),
  });
}
