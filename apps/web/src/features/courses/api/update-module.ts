import type { CourseModule, UpdateModuleRequest } from '@lectern/contracts/courses/course.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestTyped } from '../../../shared/api/http-client.ts';
import { invalidateOutline } from './invalidate-outline.ts';

export interface UpdateModuleVariables {
  courseId: number;
  moduleId: number;
  body: UpdateModuleRequest;
}

// Typed, not parsed: the course outline's controls are on the course page's first load (decision 0014).
export function updateModule({ moduleId, body }: UpdateModuleVariables): Promise<CourseModule> {
  return requestTyped<CourseModule>(`/api/modules/${moduleId}`, { method: 'PUT', body });
}

export function useUpdateModule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateModule,
    onSuccess: (_, { courseId }) => invalidateOutline(queryClient, courseId),
  });
}
