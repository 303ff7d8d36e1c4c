import type { CourseModule } from '@lectern/contracts/courses/course.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestTyped } from '../../../shared/api/http-client.ts';
import { invalidateOutline, replaceModules } from './invalidate-outline.ts';

export interface SortSyllabiVariables {
  courseId: number;
  moduleId: number;
  /** Syllabus ids of the module in their new order. */
  ids: number[];
}

// Typed, not parsed: the course outline's controls are on the course page's first load (decision 0014).
export function sortSyllabi({ moduleId, ids }: SortSyllabiVariables): Promise<CourseModule> {
  return requestTyped<CourseModule>(`/api/modules/${moduleId}/syllabuses/sort`, {
    method: 'PUT',
    body: { ids },
  });
}

export function useSortSyllabi() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sortSyllabi,
    onSuccess: (module, { courseId }) => {
      replaceModules(queryClient, courseId, (modules) =>
        modules.map((m) => (m.id === module.id ? module : m)),
      );
      return invalidateOutline(queryClient, courseId);
    },
  });
}
