import type { CourseModule, ModulesResponse } from '@lectern/contracts/courses/course.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestTyped } from '../../../shared/api/http-client.ts';
import { invalidateOutline, replaceModules } from './invalidate-outline.ts';

export interface SortModulesVariables {
  courseId: number;
  /** Module ids in their new order. */
  ids: number[];
}

// Typed, not parsed: the course outline's controls are on the course page's first load (decision 0014).
export async function sortModules({ courseId, ids }: SortModulesVariables): Promise<CourseModule[]> {
  const response = await requestTyped<ModulesResponse>(`/api/courses/${courseId}/modules/sort`, {
    method: 'PUT',
    body: { ids },
  });
  return response.modules;
}

export function useSortModules() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sortModules,
    onSuccess: (modules, { courseId }) => {
      replaceModules(queryClient, courseId, () => modules);
      return invalidateOutline(queryClient, courseId);
    },
  });
}
