import { CourseModuleSchema, type CourseModule } from '@lectern/contracts/courses/course.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { invalidateOutline, replaceModules } from './invalidate-outline.ts';

export interface SortSyllabiVariables {
  courseId: number;
  moduleId: number;
  /** Syllabus ids of the module in their new order. */
  ids: number[];
}

export function sortSyllabi({ moduleId, ids }: SortSyllabiVariables): Promise<CourseModule> {
  return request(`/api/modules/${moduleId}/syllabuses/sort`, {
    method: 'PUT',
    body: { ids },
    schema: CourseModuleSchema,
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
