import type { CourseModule, CreateModuleRequest } from '@lectern/contracts/courses/course.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestTyped } from '../../../shared/api/http-client.ts';
import { invalidateOutline } from './invalidate-outline.ts';

export interface CreateModuleVariables {
  courseId: number;
  body: CreateModuleRequest;
}

// Typed, not parsed: the course outline's controls are on the course page's first load (decision 0014).
export function createModule({ courseId, body }: CreateModuleVariables): Promise<CourseModule> {
  return requestTyped<CourseModule>(`/api/courses/${courseId}/modules`, { method: 'POST', body });
}

export function useCreateModule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createModule,
    onSuccess: (_, { courseId }) => invalidateOutline(queryClient, courseId),
  });
}
