import { ModulesResponseSchema, type CourseModule } from '@lectern/contracts/courses/course.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { invalidateOutline, replaceModules } from './invalidate-outline.ts';

export interface SortModulesVariables {
  courseId: number;
  /** Module ids in their new order. */
  ids: number[];
}

export async function sortModules({ courseId, ids }: SortModulesVariables): Promise<CourseModule[]> {
  const response = await request(`/api/courses/${courseId}/modules/sort`, {
    method: 'PUT',
    body: { ids },
    schema: ModulesResponseSchema,
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
