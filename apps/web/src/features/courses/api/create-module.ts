import {
  CourseModuleSchema,
  type CourseModule,
  type CreateModuleRequest,
} from '@lectern/contracts/courses/course.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/http-client.ts';
import { invalidateOutline } from './invalidate-outline.ts';

export interface CreateModuleVariables {
  courseId: number;
  body: CreateModuleRequest;
}

export function createModule({ courseId, body }: CreateModuleVariables): Promise<CourseModule> {
  return request(`/api/courses/${courseId}/modules`, { method: 'POST', body, schema: CourseModuleSchema });
}

export function useCreateModule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createModule,
    onSuccess: (_, { courseId }) => invalidateOutline(queryClient, courseId),
  });
}
